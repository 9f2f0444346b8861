package org.vireo.vrrp.internal.instance;

import java.util.PriorityQueue;

/** A scheduler on a virtual clock: tasks run, in time and submission order, only when the test advances time. */
final class ManualScheduler implements Scheduler {

    private record Task(long at, long seq, Runnable run) {
    }

    private final PriorityQueue<Task> queue = new PriorityQueue<>((a, b) ->
        a.at != b.at ? Long.compare(a.at, b.at) : Long.compare(a.seq, b.seq));
    private long now = 1_000_000;
    private long seq;

    @Override
    public long nowMicros() {
        return now;
    }

    @Override
    public void execute(Runnable task) {
        queue.add(new Task(now, seq++, task));
    }

    @Override
    public Cancellable schedule(Runnable task, long delayMicros) {
        Task t = new Task(now + delayMicros, seq++, task);
        queue.add(t);
        return () -> queue.remove(t);
    }

    /** Runs everything due within {@code micros} from now, advancing the clock task by task. */
    void advance(long micros) {
        long until = now + micros;
        while (!queue.isEmpty() && queue.peek().at <= until) {
            Task t = queue.poll();
            now = Math.max(now, t.at);
            t.run.run();
        }
        now = until;
    }

    void advanceSeconds(double seconds) {
        advance((long) (seconds * 1_000_000));
    }
}
