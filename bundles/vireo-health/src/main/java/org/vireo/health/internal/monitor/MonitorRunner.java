package org.vireo.health.internal.monitor;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.vireo.health.CheckResult;
import org.vireo.health.MonitorStatus;
import org.vireo.settings.MonitorOptions;

/**
 * Runs one monitor's check every interval on the shared scheduler and keeps its tally. A check runs by itself
 * (its future completes on whatever thread its I/O uses) and its result is counted on a scheduler thread; a
 * check past its timeout is failed and cancelled, so a hung check holds no thread and delays no other monitor.
 */
final class MonitorRunner {

    private final MonitorOptions options;
    private final Check check;
    private final ScheduledExecutorService executor;
    private final Consumer<MonitorStatus> healthChanged;
    private final AtomicLong skipped = new AtomicLong();
    private final Tally tally; // guarded by this
    private boolean stopped; // guarded by this
    private ScheduledFuture<?> schedule;
    private volatile Attempt current;

    /**
     * @param tally         where results are counted (a new one, or a re-tuned one that carries a monitor's history)
     * @param healthChanged told when the health changes, under the runner's lock so that changes are told in the
     *                      order they happened; it must not block
     */
    MonitorRunner(MonitorOptions options, Check check, ScheduledExecutorService executor, Tally tally,
                  Consumer<MonitorStatus> healthChanged) {
        this.options = options;
        this.check = check;
        this.executor = executor;
        this.tally = tally;
        this.healthChanged = healthChanged;
    }

    MonitorOptions options() {
        return options;
    }

    /** Starts the checks: the first after {@code offsetMillis}, then one every interval. */
    synchronized void start(long offsetMillis) {
        schedule = executor.scheduleAtFixedRate(this::tick, offsetMillis, options.intervalMillis(),
            TimeUnit.MILLISECONDS);
    }

    /** Stops the checks and cancels one in progress; returns the tally for a successor to carry on. */
    Tally stop() {
        synchronized (this) {
            stopped = true;
            if (schedule != null) {
                schedule.cancel(false);
            }
        }
        Attempt a = current;
        if (a != null) {
            a.future.cancel(true);
        }
        synchronized (this) {
            return tally;
        }
    }

    synchronized MonitorStatus status() {
        return tally.status(options);
    }

    /** Checks not started because the previous one was still running. */
    long skipped() {
        return skipped.get();
    }

    /** Runs on a scheduler thread, never concurrently with itself (a periodic task). */
    private void tick() {
        Attempt previous = current;
        if (previous != null && !previous.future.isDone()) {
            if (!previous.overdue()) {
                skipped.incrementAndGet(); // its timeout has not run yet: never two checks of a monitor at once
                return;
            }
            previous.expire(); // its timeout task is late (a busy scheduler): settle it here
        }
        Stopwatch watch = new Stopwatch();
        Attempt attempt = new Attempt(watch, startCheck());
        current = attempt;
        attempt.timer = executor.schedule(attempt::expire, options.timeoutMillis(), TimeUnit.MILLISECONDS);
        attempt.future.whenCompleteAsync(attempt::completed, executor);
        synchronized (this) {
            if (stopped) {
                attempt.future.cancel(true); // stop() ran while this check started
            }
        }
    }

    private CompletableFuture<CheckResult> startCheck() {
        try {
            return check.start();
        } catch (RuntimeException e) {
            return CompletableFuture.completedFuture(new Stopwatch().failure("check failed to start: " + e));
        }
    }

    private synchronized void finish(CheckResult result) {
        if (!stopped && tally.record(result)) {
            healthChanged.accept(tally.status(options));
        }
    }

    /** One check: settled once, by its own end or by its timeout, whichever comes first. */
    private final class Attempt {
        final Stopwatch watch;
        final CompletableFuture<CheckResult> future;
        final AtomicBoolean settled = new AtomicBoolean();
        volatile ScheduledFuture<?> timer;

        Attempt(Stopwatch watch, CompletableFuture<CheckResult> future) {
            this.watch = watch;
            this.future = future;
        }

        boolean overdue() {
            return watch.millis() >= options.timeoutMillis();
        }

        void expire() {
            if (future.isDone() && !future.isCancelled()) {
                return; // it has just ended by itself: completed() counts its result
            }
            if (settled.compareAndSet(false, true)) {
                future.cancel(true);
                finish(watch.timedOut(options.timeoutMillis()));
            }
        }

        void completed(CheckResult result, Throwable failure) {
            if (!future.isCancelled() && settled.compareAndSet(false, true)) { // cancelled: timed out or stopped
                ScheduledFuture<?> t = timer;
                if (t != null) {
                    t.cancel(false);
                }
                finish(failure == null ? result : watch.failure(Failures.describe(failure)));
            }
        }
    }
}
