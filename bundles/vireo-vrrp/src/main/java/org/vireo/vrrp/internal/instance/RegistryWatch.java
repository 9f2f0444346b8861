package org.vireo.vrrp.internal.instance;

import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.cluster.NodeRegistry;

/**
 * Looks at the node registry for another master of one instance ({@link RegistrySplitBrain}) whenever a node's report
 * changes, and again when a conflict seen is due for confirmation; all on the scheduler thread, as the instance's own
 * split-brain handling, so the two paths never interleave.
 */
final class RegistryWatch implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(RegistryWatch.class);

    private final NodeRegistry registry;
    private final Scheduler scheduler;
    private final String instance;
    private final BooleanSupplier master;
    private final RegistrySplitBrain tracker;
    private final Consumer<RegistrySplitBrain.Change> report;
    private final AutoCloseable handle;
    private Scheduler.Timer recheck; // made and used on the scheduler thread
    private volatile boolean closed;

    RegistryWatch(NodeRegistry registry, Scheduler scheduler, String instance, BooleanSupplier master,
                  RegistrySplitBrain tracker, Consumer<RegistrySplitBrain.Change> report) {
        this.registry = registry;
        this.scheduler = scheduler;
        this.instance = instance;
        this.master = master;
        this.tracker = tracker;
        this.report = report;
        this.handle = registry.watch(nodes -> scheduler.execute(this::check)); // the registry's thread: hand over
        scheduler.execute(this::check);
    }

    private void check() {
        if (closed) {
            return;
        }
        tracker.update(instance, master.getAsBoolean(), registry.nodes(), System.currentTimeMillis())
            .forEach(this::tell);
        if (tracker.pending()) {
            if (recheck == null) {
                recheck = scheduler.timer(this::check);
            }
            recheck.arm(tracker.confirmMillis() * 1000);
        }
    }

    private void tell(RegistrySplitBrain.Change change) {
        try {
            report.accept(change);
        } catch (RuntimeException e) {
            LOG.error("VRRP instance {}: reporting a split brain seen through the registry failed", instance, e);
        }
    }

    /** Stops watching; a split brain under way is reported over (this node no longer knows). */
    @Override
    public void close() {
        closed = true;
        try {
            handle.close();
        } catch (Exception e) {
            LOG.debug("closing the registry watch of {}", instance, e);
        }
        scheduler.execute(() -> {
            if (recheck != null) {
                recheck.cancel();
            }
            tracker.update(instance, false, List.of(), System.currentTimeMillis()).forEach(this::tell);
        });
    }
}
