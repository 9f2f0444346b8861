package org.vireo.metrics.internal;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

import org.vireo.health.Health;
import org.vireo.health.Monitor;
import org.vireo.health.MonitorStatus;

/** The health monitors of this node: each one's verdict and how many of its checks failed. */
@Component(service = VireoCollector.class)
public class HealthMetrics implements VireoCollector {

    private final List<Monitor> monitors = new CopyOnWriteArrayList<>();

    @Reference(cardinality = ReferenceCardinality.AT_LEAST_ONE, policy = ReferencePolicy.DYNAMIC)
    void addMonitor(Monitor monitor) {
        monitors.add(monitor);
    }

    void removeMonitor(Monitor monitor) {
        monitors.remove(monitor);
    }

    @Override
    public void collect(Families f) {
        collect(f, monitors.stream().map(Monitor::status).toList());
    }

    static void collect(Families f, List<MonitorStatus> statuses) {
        for (MonitorStatus s : statuses) {
            f.gauge("vireo_health_monitor_up", "1 while the monitor says up, 0 while down or not yet known")
                .add(s.health() == Health.UP, "monitor", s.name(), "type", s.type());
            f.counter("vireo_health_monitor_checks", "Checks the monitor ran").add(s.checks(), "monitor", s.name(),
                "type", s.type());
            f.counter("vireo_health_monitor_failures", "Checks that failed").add(s.failures(), "monitor", s.name(),
                "type", s.type());
        }
    }
}
