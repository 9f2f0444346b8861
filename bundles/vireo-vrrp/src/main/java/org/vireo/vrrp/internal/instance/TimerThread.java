package org.vireo.vrrp.internal.instance;

import java.util.Comparator;
import java.util.PriorityQueue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.vrrp.RealtimeThreads;

/**
 * A {@link Scheduler} on one thread: queued tasks first, then the timers that are due, then it parks until
 * the next deadline or the next task. Timers belong to the thread (armed and cancelled only from tasks and
 * timers), so their heap needs no lock, and arming one allocates nothing.
 */
final class TimerThread implements Scheduler {

    private static final Logger LOG = LoggerFactory.getLogger(TimerThread.class);

    private final ConcurrentLinkedQueue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final PriorityQueue<TimerSlot> due = new PriorityQueue<>(
        Comparator.comparingLong((TimerSlot t) -> t.deadline).thenComparingLong(t -> t.order));
    private final Thread thread;
    private volatile boolean running = true;
    private long armed;

    TimerThread(String name) {
        thread = new Thread(this::loop, name);
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public long nowMicros() {
        return TimeUnit.NANOSECONDS.toMicros(System.nanoTime());
    }

    @Override
    public void execute(Runnable task) {
        tasks.add(task);
        LockSupport.unpark(thread);
    }

    @Override
    public Timer timer(Runnable task) {
        return new TimerSlot(task);
    }

    /** Stops the thread once the tasks queued so far have run. */
    void shutdown() {
        execute(() -> running = false);
    }

    boolean isSchedulerThread() {
        return Thread.currentThread() == thread;
    }

    private void loop() {
        LOG.info("VRRP timer thread: {}; JVM's VM thread: {}; its signal dispatcher: {}",
            RealtimeThreads.requestForCurrentThread(), RealtimeThreads.requestForJvmThread(RealtimeThreads.VM_THREAD),
            RealtimeThreads.requestForJvmThread(RealtimeThreads.SIGNAL_DISPATCHER));
        while (running) {
            for (Runnable task; (task = tasks.poll()) != null; ) {
                run(task);
            }
            long now = nowMicros();
            TimerSlot next;
            while ((next = due.peek()) != null && next.deadline <= now) {
                due.poll();
                next.armedNow = false;
                run(next.task);
            }
            if (!tasks.isEmpty()) {
                continue;
            }
            next = due.peek();
            if (next == null) {
                LockSupport.park(this);
            } else {
                LockSupport.parkNanos(this, TimeUnit.MICROSECONDS.toNanos(next.deadline - nowMicros()));
            }
        }
    }

    private static void run(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException e) {
            LOG.error("a VRRP task failed", e);
        }
    }

    private final class TimerSlot implements Timer {
        private final Runnable task;
        private long deadline;
        private long order;
        private boolean armedNow;

        TimerSlot(Runnable task) {
            this.task = task;
        }

        @Override
        public void arm(long delayMicros) {
            if (armedNow) {
                due.remove(this);
            }
            deadline = nowMicros() + delayMicros;
            order = armed++;
            armedNow = true;
            due.add(this);
        }

        @Override
        public void cancel() {
            if (armedNow) {
                due.remove(this);
                armedNow = false;
            }
        }
    }
}
