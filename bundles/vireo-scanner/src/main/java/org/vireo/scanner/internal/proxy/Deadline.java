package org.vireo.scanner.internal.proxy;

import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import io.netty.util.concurrent.EventExecutor;

/**
 * A timeout that is armed and disarmed once per request but seldom expires (the head timeout, the wait for an
 * origin's first byte). Arming only notes when it would expire; one scheduled check per connection follows the
 * deadline and schedules itself again while the deadline has moved on, instead of a timer scheduled and cancelled
 * for every request (two operations on the I/O thread's timer queue and a task object each time). The timeout is
 * fixed per instance, so a re-armed deadline is never earlier than a pending check. Used on one thread.
 */
public final class Deadline {

    /** Runs a check after a delay; the I/O thread's executor in the proxy. */
    interface Scheduler {
        Future<?> schedule(Runnable check, long delayNanos);
    }

    private final Scheduler scheduler;
    private final LongSupplier nanoClock;
    private final long timeoutNanos;
    private final Runnable onExpiry;
    private long expiresAt;
    private boolean armed;
    private Future<?> check;

    Deadline(Scheduler scheduler, LongSupplier nanoClock, long timeoutNanos, Runnable onExpiry) {
        this.scheduler = scheduler;
        this.nanoClock = nanoClock;
        this.timeoutNanos = timeoutNanos;
        this.onExpiry = onExpiry;
    }

    /** A deadline checked on a connection's I/O thread, against System.nanoTime(). */
    public static Deadline onLoop(EventExecutor loop, long timeoutMillis, Runnable onExpiry) {
        return new Deadline((check, delay) -> loop.schedule(check, delay, TimeUnit.NANOSECONDS), System::nanoTime,
            TimeUnit.MILLISECONDS.toNanos(timeoutMillis), onExpiry);
    }

    /** Starts the timeout from now. */
    public void arm() {
        expiresAt = nanoClock.getAsLong() + timeoutNanos;
        armed = true;
        if (check == null) {
            check = scheduler.schedule(this::onCheck, timeoutNanos);
        }
    }

    /** The awaited thing happened: no expiry for this arming (the pending check, if any, will find nothing). */
    public void disarm() {
        armed = false;
    }

    /** The connection is gone: nothing expires any more and no check stays queued. */
    public void close() {
        armed = false;
        if (check != null) {
            check.cancel(false);
            check = null;
        }
    }

    private void onCheck() {
        check = null;
        if (!armed) {
            return;
        }
        long left = expiresAt - nanoClock.getAsLong();
        if (left > 0) {
            check = scheduler.schedule(this::onCheck, left);
        } else {
            armed = false;
            onExpiry.run();
        }
    }
}
