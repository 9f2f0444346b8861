package org.vireo.vrrp.internal.instance;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.vireo.node.ReleaseGate;

/** The pre-release hold: every gate asked, the release waiting for all of them, never longer than its bound. */
class ReleaseHoldTest {

    private static final Optional<ReleaseGate.Release> MASTER_STOPPING = Optional.of(new ReleaseGate.Release("vi_1",
        51, "eth1", 150, List.of("10.0.0.51"), "stopping: the node shuts down"));
    private static final Duration TEN_SECONDS = Duration.ofSeconds(10);

    private final ReleaseHold hold = new ReleaseHold();
    private final List<ReleaseGate.Release> asked = new CopyOnWriteArrayList<>();

    /** A gate whose work ends when the test says so. */
    private CompletableFuture<Void> gate() {
        CompletableFuture<Void> end = new CompletableFuture<>();
        hold.add(release -> {
            asked.add(release);
            return end;
        });
        return end;
    }

    @Test
    void givenTwoGates_thenTheReleaseWaitsForBoth_andEachIsToldWhatIsReleasedAndWhy() throws Exception {
        CompletableFuture<Void> first = gate();
        CompletableFuture<Void> second = gate();

        CompletableFuture<Void> released = hold.ask(MASTER_STOPPING, TEN_SECONDS);
        first.complete(null);

        assertThat(released).isNotDone();
        second.complete(null);
        released.get(5, TimeUnit.SECONDS);
        assertThat(asked).containsExactly(MASTER_STOPPING.get(), MASTER_STOPPING.get());
    }

    @Test
    void givenAGateThatNeverEnds_thenTheReleaseGoesOnAtItsBound() throws Exception {
        gate();
        long start = System.nanoTime();

        hold.ask(MASTER_STOPPING, Duration.ofMillis(300)).get(5, TimeUnit.SECONDS);

        assertThat(Duration.ofNanos(System.nanoTime() - start)).isGreaterThanOrEqualTo(Duration.ofMillis(300));
    }

    @Test
    void givenAGateThatFailsOrThrows_thenItHoldsNothing() throws Exception {
        hold.add(release -> CompletableFuture.failedFuture(new IllegalStateException("hook missing")));
        hold.add(release -> {
            throw new IllegalStateException("broken gate");
        });

        assertThat(hold.ask(MASTER_STOPPING, TEN_SECONDS)).isCompleted();
    }

    @Test
    void givenNothingToRelease_orABoundOfZero_thenNoGateIsAsked() {
        gate();

        assertThat(hold.ask(Optional.empty(), TEN_SECONDS)).isCompleted();
        assertThat(hold.ask(MASTER_STOPPING, Duration.ZERO)).isCompleted();
        assertThat(asked).isEmpty();
    }

    @Test
    void givenAGateRemoved_thenItIsNoLongerAsked() {
        ReleaseGate gate = release -> new CompletableFuture<>();
        hold.add(gate);
        hold.remove(gate);

        assertThat(hold.ask(MASTER_STOPPING, TEN_SECONDS)).isCompleted();
    }
}
