package org.vireo.srv.internal;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * When to try which address, as RFC 8305 (Happy Eyeballs v2) has it, for the targets of a server address in their
 * SRV order. Pure: no clock, thread or socket; time comes in as {@code now} (nanoseconds), answers and failures as
 * calls, and {@link #next} says what to start now, {@link #wakeAt} when to ask again if nothing else happens.
 * <ul>
 * <li>Resolution (3): a target's AAAA and A queries go out together. An AAAA answer lets its addresses be tried at
 * once; an A answer that comes first waits for the AAAA one at most the resolution delay (50 ms). Addresses of an
 * answer that comes later join those not tried yet.</li>
 * <li>Order (4): a target's families alternate, IPv6 first (First Address Family Count 1); within a family, the
 * answer's order. Targets go one after the other: the next one only once the current one has had every answer
 * and every address tried.</li>
 * <li>Attempts (5): the next attempt starts the connection attempt delay (250 ms) after the last one started, or at
 * once when every attempt under way has failed. A zero delay: one attempt at a time, the next when it failed.</li>
 * </ul>
 */
public final class HappyEyeballs {

    /** One address of one target to try. */
    public record Attempt(int target, InetAddress address) {
    }

    private static final class Target {
        final Deque<InetAddress> v6 = new ArrayDeque<>();
        final Deque<InetAddress> v4 = new ArrayDeque<>();
        boolean aaaaAnswered;
        boolean aAnswered;
        long aAt;
        boolean lastWasV6;
        boolean started;

        boolean allAnswered() {
            return aaaaAnswered && aAnswered;
        }

        boolean done() {
            return allAnswered() && v6.isEmpty() && v4.isEmpty();
        }
    }

    private final long resolutionDelayNanos;
    private final long attemptDelayNanos;
    private final List<Target> targets = new ArrayList<>();
    private final Set<Attempt> underWay = new HashSet<>();
    private long lastStart;
    private boolean anyStarted;

    /** {@code targets} targets, none answered yet. */
    public HappyEyeballs(int targets, Duration resolutionDelay, Duration attemptDelay) {
        this.resolutionDelayNanos = resolutionDelay.toNanos();
        this.attemptDelayNanos = attemptDelay.toNanos();
        for (int i = 0; i < targets; i++) {
            this.targets.add(new Target());
        }
    }

    /** The AAAA ({@code ipv6}) or A answer of {@code target}: its addresses, none for an empty or failed query. */
    public void answered(int target, boolean ipv6, List<InetAddress> addresses, long now) {
        Target t = targets.get(target);
        if (ipv6 ? t.aaaaAnswered : t.aAnswered) {
            return; // one answer per query
        }
        for (InetAddress a : addresses) {
            (a instanceof Inet6Address ? t.v6 : t.v4).add(a);
        }
        if (ipv6) {
            t.aaaaAnswered = true;
        } else {
            t.aAnswered = true;
            t.aAt = now;
        }
    }

    /** An attempt that {@link #next} gave has failed. */
    public void failed(Attempt attempt) {
        underWay.remove(attempt);
    }

    /** The attempt to start now, if any; call again until empty (it is then counted as under way). */
    public Optional<Attempt> next(long now) {
        if (!paceAllows(now)) {
            return Optional.empty();
        }
        int i = current();
        if (i < 0 || !resolutionAllows(targets.get(i), now)) {
            return Optional.empty();
        }
        Target t = targets.get(i);
        boolean v6 = t.v4.isEmpty() || !t.v6.isEmpty() && (!t.started || !t.lastWasV6);
        if (v6 ? t.v6.isEmpty() : t.v4.isEmpty()) {
            return Optional.empty(); // tried all it has; an answer is still to come
        }
        Attempt a = new Attempt(i, v6 ? t.v6.poll() : t.v4.poll());
        t.started = true;
        t.lastWasV6 = v6;
        underWay.add(a);
        lastStart = now;
        anyStarted = true;
        return Optional.of(a);
    }

    /**
     * When {@link #next} may give an attempt though nothing else happens ({@code now} or later); empty: only an
     * answer or a failure can make it.
     */
    public OptionalLong wakeAt(long now) {
        int i = current();
        if (i < 0 || targets.get(i).v6.isEmpty() && targets.get(i).v4.isEmpty()) {
            return OptionalLong.empty(); // nothing to try until an answer comes
        }
        long at = now;
        if (!resolutionAllows(targets.get(i), now)) {
            at = Math.max(at, targets.get(i).aAt + resolutionDelayNanos);
        }
        if (anyStarted && !underWay.isEmpty()) {
            if (attemptDelayNanos == 0) {
                return OptionalLong.empty(); // one at a time: the next when this one fails
            }
            at = Math.max(at, lastStart + attemptDelayNanos);
        }
        return OptionalLong.of(at);
    }

    /** Every target answered and every address tried and failed: nothing more will be started. */
    public boolean exhausted() {
        return current() < 0 && underWay.isEmpty();
    }

    /** The first target not done, or -1. */
    private int current() {
        for (int i = 0; i < targets.size(); i++) {
            if (!targets.get(i).done()) {
                return i;
            }
        }
        return -1;
    }

    private boolean paceAllows(long now) {
        if (!anyStarted || underWay.isEmpty()) {
            return true; // the first attempt, or every one under way failed: at once
        }
        return attemptDelayNanos > 0 && now - lastStart >= attemptDelayNanos;
    }

    /** The AAAA answer is in, or the A answer came first and the resolution delay has passed without it. */
    private boolean resolutionAllows(Target t, long now) {
        return t.aaaaAnswered || t.aAnswered && now - t.aAt >= resolutionDelayNanos;
    }
}
