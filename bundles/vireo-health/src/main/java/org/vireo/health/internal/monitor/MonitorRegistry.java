package org.vireo.health.internal.monitor;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.vireo.health.internal.HealthScheduler;
import org.vireo.health.internal.LinkState;

/**
 * What the monitors of this node share: the scheduler, the check resources ({@link Checks}), and the registry
 * that keeps two configurations from taking the same monitor name.
 */
@Component(service = MonitorRegistry.class)
public class MonitorRegistry {

    @Reference
    private HealthScheduler scheduler;

    private Checks checks;
    private final Map<String, String> names = new HashMap<>();

    @Activate
    void activate() {
        checks = new Checks(LinkState.SYS_CLASS_NET);
    }

    @Deactivate
    void deactivate() {
        checks.close();
    }

    Checks checks() {
        return checks;
    }

    ScheduledExecutorService executor() {
        return scheduler.executor();
    }

    /**
     * Reserves {@code name} for the configuration {@code source} (its file or PID).
     *
     * @throws IllegalArgumentException naming both configurations when another one has the name
     */
    synchronized void claim(String name, String source) {
        String holder = names.putIfAbsent(name, source);
        if (holder != null && !holder.equals(source)) {
            throw new IllegalArgumentException("configuration " + source + " refused: monitor name '" + name
                + "' is taken by configuration " + holder + "; names are unique on a node");
        }
    }

    synchronized void release(String name, String source) {
        names.remove(name, source);
    }
}
