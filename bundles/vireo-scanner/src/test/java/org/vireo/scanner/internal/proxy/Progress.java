package org.vireo.scanner.internal.proxy;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** A byte count that one thread raises and another can wait on, bounded. */
final class Progress {

    private long count;

    synchronized void add(long n) {
        count += n;
        notifyAll();
    }

    /** Waits, at most max, until the count reaches n; whether it did. */
    synchronized boolean awaitAtLeast(long n, Duration max) throws InterruptedException {
        long deadline = System.nanoTime() + max.toNanos();
        while (count < n) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }
}
