package org.vireo.health.internal;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;

/**
 * The few threads every check of this bundle is started on, and its result handled on. Checks are asynchronous
 * (a connect, a request, a process each finish by themselves and report back), so a check that hangs holds no
 * thread of this pool: its timeout fails it, and the others keep their schedule.
 */
@Component(service = HealthScheduler.class)
public class HealthScheduler {

    static final int THREADS = 2;

    private ScheduledThreadPoolExecutor executor;

    @Activate
    void activate() {
        AtomicInteger n = new AtomicInteger();
        ThreadFactory threads = r -> {
            Thread t = new Thread(r, "vireo-health-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        executor = new ScheduledThreadPoolExecutor(THREADS, threads);
        executor.setRemoveOnCancelPolicy(true); // a stopped monitor's next run goes at once, not when due
    }

    @Deactivate
    void deactivate() throws InterruptedException {
        executor.shutdownNow();
        executor.awaitTermination(5, TimeUnit.SECONDS);
    }

    /** Runs checks' starts and their results; tasks must not block. */
    public ScheduledExecutorService executor() {
        return executor;
    }
}
