package org.vireo.health.internal.monitor;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import org.vireo.health.Health;
import org.vireo.health.Monitor;
import org.vireo.health.MonitorStatus;

/**
 * A monitor whose configuration was refused before it ever ran, as {@code health:list} shows it: named after its
 * file, with "(refused)" (never a monitor's name, so no tracked group counts it), UNKNOWN, and the refusal in its
 * warnings ({@code health:show}). It checks nothing.
 *
 * @param name {@code <file or PID> (refused)}
 */
record RefusedMonitor(String name, String reason, Instant since) implements Monitor {

    static RefusedMonitor of(String source, String reason) {
        return new RefusedMonitor(source + " (refused)", reason, Instant.now());
    }

    @Override
    public MonitorStatus status() {
        return new MonitorStatus(name, "-", "-", Health.UNKNOWN, since, Optional.empty(), 0, 0, 0, 0, Duration.ZERO,
            Duration.ZERO, 0, 0);
    }

    @Override
    public AutoCloseable watch(Consumer<MonitorStatus> changed) {
        return () -> { }; // it never changes
    }

    @Override
    public Map<String, String> settings() {
        return Map.of();
    }

    @Override
    public List<String> warnings() {
        return List.of(reason + "; the monitor does not run until its configuration is fixed");
    }
}
