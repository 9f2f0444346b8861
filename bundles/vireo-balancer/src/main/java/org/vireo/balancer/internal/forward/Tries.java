package org.vireo.balancer.internal.forward;

import java.util.HashSet;
import java.util.Set;

/**
 * One client connection's search for a scanner: the scanners tried in this round (each once, at most
 * {@code attempts} of them) and until when it may start another round, after a pause, when none could take it.
 * Touched only on the client's event loop.
 */
final class Tries {

    private final Set<String> excluded = new HashSet<>();
    private final long waitUntilNanos;
    private int attempts;

    /** @param waitUntilNanos on {@link System#nanoTime()}'s clock */
    Tries(long waitUntilNanos) {
        this.waitUntilNanos = waitUntilNanos;
    }

    Set<String> excluded() {
        return excluded;
    }

    /** Scanners picked in this round. */
    int attempts() {
        return attempts;
    }

    void picked() {
        attempts++;
    }

    void failed(String id) {
        excluded.add(id);
    }

    /** Whether a round that starts after {@code pauseNanos} from {@code now} is still within the wait. */
    boolean mayWait(long now, long pauseNanos) {
        return now + pauseNanos - waitUntilNanos <= 0;
    }

    /** Every scanner may be tried again: one that refused may listen by now. */
    void nextRound() {
        excluded.clear();
        attempts = 0;
    }
}
