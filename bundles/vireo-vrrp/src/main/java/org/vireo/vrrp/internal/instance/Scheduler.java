package org.vireo.vrrp.internal.instance;

/**
 * The one thread an instance's state machine runs on, with its timers. A real executor at run time, a
 * manual clock in tests.
 */
public interface Scheduler {

    /** Monotonic time in microseconds. */
    long nowMicros();

    /** Runs {@code task} on the scheduler thread, after the tasks already queued. */
    void execute(Runnable task);

    /** Runs {@code task} on the scheduler thread after {@code delayMicros}; the handle cancels it. */
    Cancellable schedule(Runnable task, long delayMicros);

    @FunctionalInterface
    interface Cancellable {
        void cancel();
    }
}
