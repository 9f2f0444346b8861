package org.vireo.notify.internal;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/**
 * Sending with retries: attempts until one is done, one fails for good, or the retries run out, waiting a doubling
 * delay between them (at most {@value #MAX_DELAY_MILLIS} ms, or the first delay if it is longer). An interrupt (the
 * log dropped or closed the sink's subscription) does not end the waits early; it is kept for the caller. A sink that
 * is stopping gets no more attempts.
 */
public final class Retries {

    public static final long MAX_DELAY_MILLIS = 30_000;

    /** One attempt's result: done, or whether another attempt may do better, and what happened. */
    public record Attempt(boolean done, boolean retryable, String what) {

        public static Attempt done(String what) {
            return new Attempt(true, false, what);
        }

        public static Attempt retryable(String what) {
            return new Attempt(false, true, what);
        }

        public static Attempt failed(String what) {
            return new Attempt(false, false, what);
        }
    }

    private Retries() {
    }

    /**
     * @param retries    attempts after the first
     * @param firstDelay the wait before the first retry, in milliseconds
     */
    public static Sender.Outcome run(int retries, long firstDelay, BooleanSupplier stopping, Supplier<Attempt> attempt) {
        long start = System.nanoTime();
        long delay = firstDelay;
        boolean interrupted = false;
        try {
            for (int n = 1; ; n++) {
                Attempt a = attempt.get();
                String tried = a.what() + (n > 1 ? " (attempt " + n + ")" : "") + " in "
                    + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms";
                if (a.done() || !a.retryable()) {
                    return new Sender.Outcome(a.done(), tried);
                }
                if (n > retries) {
                    return new Sender.Outcome(false, tried + ", no retry left");
                }
                if (stopping.getAsBoolean()) {
                    return new Sender.Outcome(false, tried + ", not retried: the sink stopped");
                }
                interrupted |= pause(delay, stopping);
                delay = Math.min(delay * 2, Math.max(MAX_DELAY_MILLIS, firstDelay));
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Waits {@code millis}; returns whether an interrupt came (before or during the wait). */
    private static boolean pause(long millis, BooleanSupplier stopping) {
        boolean interrupted = Thread.interrupted();
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        for (long left; (left = end - System.nanoTime()) > 0 && !stopping.getAsBoolean(); ) {
            try {
                TimeUnit.NANOSECONDS.sleep(Math.min(left, TimeUnit.MILLISECONDS.toNanos(100)));
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        return interrupted;
    }
}
