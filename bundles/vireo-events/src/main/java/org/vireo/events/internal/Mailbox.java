package org.vireo.events.internal;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.vireo.events.EventLog;
import org.vireo.events.NodeEvent;

/**
 * One subscriber's queue: the log offers without ever waiting, the subscriber's thread takes. It holds at most
 * {@code limit} events; the offer that would make one more ends it as dropped (its events are let go at once), and so
 * a subscriber that falls behind costs the node a bounded amount of memory and no time.
 */
final class Mailbox {

    /** What the subscriber's thread gets next. */
    sealed interface Next {
    }

    record Event(NodeEvent event) implements Next {
    }

    /** Nothing came for the idle time. */
    record Idle() implements Next {
    }

    /** The end: no more events. {@code dropped}: the log gave up on it for falling behind. */
    record Ended(String reason, boolean dropped) implements Next {
    }

    private static final Idle IDLE = new Idle();

    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<NodeEvent> queue;
    private final int limit;
    private final Runnable onEnd;
    private Ended ended; // guarded by lock

    /**
     * @param first what the subscriber gets first (the history it asked for), beyond the limit
     * @param onEnd called once when it ends, on the thread that ends it: wakes the subscriber's thread
     */
    Mailbox(int limit, List<NodeEvent> first, Runnable onEnd) {
        this.limit = limit + first.size();
        this.queue = new ArrayDeque<>(first);
        this.onEnd = onEnd;
    }

    /** Queues an event; returns false when the mailbox is over (it overflowed now, or had ended before). */
    boolean offer(NodeEvent event) {
        lock.lock();
        try {
            if (ended != null) {
                return false;
            }
            if (queue.size() < limit) {
                queue.add(event);
                changed.signal();
                return true;
            }
        } finally {
            lock.unlock();
        }
        end("it fell " + limit + " events behind (backlog in etc/" + EventLog.PID + ".cfg): it"
            + " took events slower than they came", true);
        return false;
    }

    /** Ends it (once; later calls change nothing): the events still queued are let go. */
    void end(String reason, boolean dropped) {
        lock.lock();
        try {
            if (ended != null) {
                return;
            }
            ended = new Ended(reason, dropped);
            queue.clear();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
        onEnd.run();
    }

    boolean over() {
        lock.lock();
        try {
            return ended != null;
        } finally {
            lock.unlock();
        }
    }

    /**
     * The next event, or {@link Idle} after {@code idleNanos} without one (0: wait as long as it takes), or the end.
     *
     * @throws InterruptedException the thread was interrupted (the end wakes it so): ask again
     */
    Next next(long idleNanos) throws InterruptedException {
        lock.lock();
        try {
            long left = idleNanos;
            while (ended == null && queue.isEmpty()) {
                if (idleNanos <= 0) {
                    changed.await();
                } else if (left <= 0) {
                    return IDLE;
                } else {
                    left = changed.awaitNanos(left);
                }
            }
            return ended != null ? ended : new Event(queue.poll());
        } finally {
            lock.unlock();
        }
    }

    /** Events queued now (for tests and the operator). */
    int queued() {
        lock.lock();
        try {
            return queue.size();
        } finally {
            lock.unlock();
        }
    }
}
