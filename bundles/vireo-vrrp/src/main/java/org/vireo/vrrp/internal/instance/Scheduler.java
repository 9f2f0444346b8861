package org.vireo.vrrp.internal.instance;

/**
 * The one thread the state machines of a node and their timers run on: {@link TimerThread} at run time, a
 * manual clock in tests. Timers are made once and re-armed as often as needed without allocating, since an
 * advert timer fires every interval for as long as the node is master.
 */
public interface Scheduler {

    /** Monotonic time in microseconds. */
    long nowMicros();

    /** Runs {@code task} on the scheduler thread, after the tasks already queued. Any thread may call it. */
    void execute(Runnable task);

    /** A timer that runs {@code task} on the scheduler thread when it expires. Used on the scheduler thread only. */
    Timer timer(Runnable task);

    /** A re-armable timer; arming an armed timer moves its deadline. */
    interface Timer {

        void arm(long delayMicros);

        void cancel();
    }
}
