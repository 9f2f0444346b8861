package org.vireo.cluster.internal.channel;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** Events as a listener saw them, awaited without sleeping: each await names what it waited for when it gives up. */
final class Events<T> {

    private final List<T> seen = new ArrayList<>();

    synchronized void add(T event) {
        seen.add(event);
        notifyAll();
    }

    /** A position to await from: events before it do not count. */
    synchronized int mark() {
        return seen.size();
    }

    synchronized List<T> all() {
        return List.copyOf(seen);
    }

    /** The first event at or after {@code from} that matches; fails with the events seen after {@code timeout}. */
    synchronized T await(int from, Predicate<T> wanted, Duration timeout, String what) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int checked = from;
        while (true) {
            for (; checked < seen.size(); checked++) {
                if (wanted.test(seen.get(checked))) {
                    return seen.get(checked);
                }
            }
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                throw new AssertionError("waited " + timeout.toMillis() + " ms for " + what + "; saw "
                    + seen.subList(from, seen.size()));
            }
            wait(Math.max(1, left / 1_000_000));
        }
    }

    T await(Predicate<T> wanted, Duration timeout, String what) throws InterruptedException {
        return await(0, wanted, timeout, what);
    }
}
