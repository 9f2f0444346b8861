package org.vireo.health.internal.monitor;

import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.health.MonitorStatus;

/**
 * A monitor's watchers, told of its health changes one at a time and in the order the changes happened. The
 * changes come from several scheduler threads (one check's result, the next check's, a reconfiguration); told
 * straight from those threads two changes could overtake each other and leave a watcher believing the older one.
 */
final class Watchers {

    private static final Logger LOG = LoggerFactory.getLogger(Watchers.class);

    private final Executor executor;
    private final List<Consumer<MonitorStatus>> watchers = new CopyOnWriteArrayList<>();
    private final Queue<MonitorStatus> pending = new ConcurrentLinkedQueue<>();
    private final AtomicBoolean telling = new AtomicBoolean();

    Watchers(Executor executor) {
        this.executor = executor;
    }

    AutoCloseable add(Consumer<MonitorStatus> changed) {
        Consumer<MonitorStatus> w = changed::accept; // its own identity: watching twice gives two handles
        watchers.add(w);
        return () -> watchers.remove(w);
    }

    void clear() {
        watchers.clear();
    }

    /**
     * Queues a change; the watchers hear it later on an executor thread. Does not block, so a caller may hold the
     * lock that ordered the change: the order of the calls is the order the watchers hear.
     */
    void announce(MonitorStatus status) {
        pending.add(status);
        try {
            executor.execute(this::tellPending);
        } catch (RejectedExecutionException e) {
            pending.clear(); // the scheduler is shut down: the monitors are stopping and nobody is left to tell
        }
    }

    private void tellPending() {
        // one thread tells at a time; a change queued just after it looked is told by the task queued with it
        while (!pending.isEmpty() && telling.compareAndSet(false, true)) {
            try {
                MonitorStatus s;
                while ((s = pending.poll()) != null) {
                    tell(s);
                }
            } finally {
                telling.set(false);
            }
        }
    }

    private void tell(MonitorStatus status) {
        for (Consumer<MonitorStatus> w : watchers) {
            try {
                w.accept(status);
            } catch (RuntimeException e) {
                LOG.error("monitor {}: a watcher failed on {}", status.name(), status.health(), e);
            }
        }
    }
}
