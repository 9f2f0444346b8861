package org.vireo.cluster.internal.probe;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

import org.vireo.cluster.MemberProbes;

/**
 * Runs one probe: an attempt starts every interval whether the previous one ended or not (a slow or lost answer
 * must not delay the next, or the gaps measured would be the timeouts), each on a thread of a bounded pool, each
 * ended by its timeout; the result once the duration is over and the last attempt ended.
 */
final class Prober {

    /** One attempt at the target; returns when it got an answer, throws why not. */
    interface Attempt {
        void run(String target, int timeoutMillis) throws IOException;
    }

    /** The most attempts at once: beyond, an attempt is not started and counts as failed ("too many in flight"). */
    static final int MAX_IN_FLIGHT = 64;

    private Prober() {
    }

    static CompletableFuture<MemberProbes.Result> run(String member, MemberProbes.Request request, Attempt attempt,
                                                      LongSupplier nanos) {
        long intervalNanos = request.interval().toNanos();
        long attempts = request.duration().toNanos() / intervalNanos;
        int timeoutMillis = (int) Math.max(1, request.timeout().toMillis());
        AtomicInteger threads = new AtomicInteger();
        ExecutorService pool = new ThreadPoolExecutor(0, MAX_IN_FLIGHT, 5, TimeUnit.SECONDS, new SynchronousQueue<>(),
            r -> daemon(r, "vireo-probe-" + threads.incrementAndGet()));
        ScheduledExecutorService ticks = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "vireo-probe"));
        List<MemberProbes.Attempt> seen = new ArrayList<>();
        CompletableFuture<MemberProbes.Result> result = new CompletableFuture<>();
        Instant started = Instant.now();
        long t0 = nanos.getAsLong();
        AtomicInteger left = new AtomicInteger((int) attempts);
        AtomicInteger ticked = new AtomicInteger();
        Runnable finishOne = () -> {
            if (left.decrementAndGet() == 0) {
                pool.shutdown();
                ticks.shutdown();
                List<MemberProbes.Attempt> all;
                synchronized (seen) {
                    all = new ArrayList<>(seen);
                }
                all.sort(Comparator.comparingLong(MemberProbes.Attempt::startNanos));
                result.complete(new MemberProbes.Result(member, request.target(), started, all));
            }
        };
        ScheduledFuture<?>[] tick = new ScheduledFuture<?>[1];
        tick[0] = ticks.scheduleAtFixedRate(() -> {
            if (ticked.incrementAndGet() > attempts) {
                tick[0].cancel(false);
                return;
            }
            long start = nanos.getAsLong() - t0;
            try {
                pool.execute(() -> {
                    String error = "";
                    try {
                        attempt.run(request.target(), timeoutMillis);
                    } catch (IOException | RuntimeException e) {
                        error = e.getClass().getSimpleName() + ": " + e.getMessage();
                    }
                    record(seen, new MemberProbes.Attempt(start, nanos.getAsLong() - t0, error.isEmpty(), error));
                    finishOne.run();
                });
            } catch (RejectedExecutionException full) {
                record(seen, new MemberProbes.Attempt(start, start, false, "too many attempts in flight"));
                finishOne.run();
            }
        }, 0, intervalNanos, TimeUnit.NANOSECONDS);
        return result;
    }

    private static void record(List<MemberProbes.Attempt> seen, MemberProbes.Attempt a) {
        synchronized (seen) {
            seen.add(a);
        }
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }
}
