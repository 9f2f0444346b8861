package org.vireo.vrrp.internal.instance;

import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.PriorityQueue;

/** A scheduler on a virtual clock: tasks and timers run, in order, only when the test advances time. */
final class ManualScheduler implements Scheduler {

    private final ArrayDeque<Runnable> tasks = new ArrayDeque<>();
    private final PriorityQueue<Slot> due = new PriorityQueue<>(
        Comparator.comparingLong((Slot s) -> s.deadline).thenComparingLong(s -> s.order));
    private long now = 1_000_000;
    private long order;

    @Override
    public long nowMicros() {
        return now;
    }

    @Override
    public void execute(Runnable task) {
        tasks.add(task);
    }

    @Override
    public Timer timer(Runnable task) {
        return new Slot(task);
    }

    /** Runs the queued tasks and every timer due within {@code micros}, moving the clock timer by timer. */
    void advance(long micros) {
        long until = now + micros;
        while (true) {
            if (!tasks.isEmpty()) {
                tasks.poll().run();
                continue;
            }
            Slot next = due.peek();
            if (next == null || next.deadline > until) {
                break;
            }
            due.poll();
            next.armed = false;
            now = Math.max(now, next.deadline);
            next.task.run();
        }
        now = until;
    }

    void advanceSeconds(double seconds) {
        advance((long) (seconds * 1_000_000));
    }

    private final class Slot implements Timer {
        private final Runnable task;
        private long deadline;
        private long order;
        private boolean armed;

        Slot(Runnable task) {
            this.task = task;
        }

        @Override
        public void arm(long delayMicros) {
            cancel();
            deadline = now + delayMicros;
            order = ManualScheduler.this.order++;
            armed = true;
            due.add(this);
        }

        @Override
        public void cancel() {
            if (armed) {
                due.remove(this);
                armed = false;
            }
        }
    }
}
