package org.vireo.vrrp.internal.instance;

import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.config.AddressText;
import org.vireo.node.ReleaseGate;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;

/**
 * The node's {@link ReleaseGate}s, asked before a master lets its addresses go of its own will. Only a master is held:
 * a backup has nothing to release. The hold never runs on the scheduler thread, which keeps advertising meanwhile.
 */
final class ReleaseHold {

    private static final Logger LOG = LoggerFactory.getLogger(ReleaseHold.class);

    private final List<ReleaseGate> gates = new CopyOnWriteArrayList<>();

    void add(ReleaseGate gate) {
        gates.add(gate);
    }

    void remove(ReleaseGate gate) {
        gates.remove(gate);
    }

    /** What {@code instance} would release now, if it is master; empty for a backup, which holds nothing. */
    static Optional<ReleaseGate.Release> releaseOf(VrrpInstance instance, String cause) {
        if (instance.state() != VrrpState.MASTER) {
            return Optional.empty();
        }
        return Optional.of(new ReleaseGate.Release(instance.name(), instance.vrid(), instance.interfaceName(),
            instance.effectivePriority(), instance.virtualAddresses().stream().map(AddressText::of)
            .toList(), cause));
    }

    /** {@link #ask(Optional, Duration)} for what {@code instance} would release now. */
    CompletableFuture<Void> ask(VrrpInstance instance, String cause, Duration max) {
        return ask(releaseOf(instance, cause), max);
    }

    /**
     * Asks every gate and returns what completes when all have ended or {@code max} has passed, whichever is first
     * (never exceptionally); completed at once when there is nothing to release, no gate is there or {@code max} is
     * 0.
     */
    CompletableFuture<Void> ask(Optional<ReleaseGate.Release> what, Duration max) {
        if (what.isEmpty() || gates.isEmpty() || max.isZero()) {
            return CompletableFuture.completedFuture(null);
        }
        ReleaseGate.Release release = what.get();
        List<CompletableFuture<?>> ends = new ArrayList<>();
        for (ReleaseGate gate : gates) {
            ends.add(started(gate, release));
        }
        ends.removeIf(CompletableFuture::isDone); // gates with nothing to do (hooks that hold no release)
        if (ends.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        long startNanos = System.nanoTime();
        return CompletableFuture.allOf(ends.toArray(CompletableFuture[]::new))
            .handle((done, failed) -> (Void) null)
            .completeOnTimeout(null, max.toMillis(), TimeUnit.MILLISECONDS)
            .thenRun(() -> report(release, ends, max, startNanos));
    }

    /** A gate's stage, one that fails or throws counted as ended: a broken gate must not keep the addresses. */
    private static CompletableFuture<?> started(ReleaseGate gate, ReleaseGate.Release release) {
        try {
            return gate.beforeRelease(release).toCompletableFuture().handle((r, e) -> {
                if (e != null) {
                    LOG.warn("VRRP instance {}: a pre-release gate failed: {}", release.instance(), e.toString());
                }
                return null;
            });
        } catch (RuntimeException e) {
            LOG.warn("VRRP instance {}: a pre-release gate failed to start", release.instance(), e);
            return CompletableFuture.completedFuture(null);
        }
    }

    private static void report(ReleaseGate.Release release, List<CompletableFuture<?>> ends, Duration max,
                               long startNanos) {
        long heldMillis = (System.nanoTime() - startNanos) / 1_000_000;
        long unfinished = ends.stream().filter(e -> !e.isDone()).count();
        if (unfinished > 0) {
            LOG.warn("VRRP instance {}: {} of {} pre-release gate(s) had not ended after {} s"
                + " (releaseHoldMaxSeconds); releasing the addresses ({})", release.instance(), unfinished,
                ends.size(), max.toSeconds(), release.cause());
        } else {
            LOG.info("VRRP instance {}: the release waited {} ms for {} pre-release gate(s) ({})",
                release.instance(), heldMillis, ends.size(), release.cause());
        }
    }

    /** {@link #ask}, waited for on the caller's thread. */
    void await(VrrpInstance instance, String cause, Duration max) {
        try {
            ask(releaseOf(instance, cause), max).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // released now: an interrupted stop must still stop
        } catch (java.util.concurrent.ExecutionException e) {
            LOG.debug("pre-release hold of {}", instance.name(), e); // never: ask's stage does not fail
        }
    }
}
