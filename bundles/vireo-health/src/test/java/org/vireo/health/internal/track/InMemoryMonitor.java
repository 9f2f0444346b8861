package org.vireo.health.internal.track;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

import org.vireo.health.Health;
import org.vireo.health.Monitor;
import org.vireo.health.MonitorStatus;

/** A monitor whose health the test sets; like a real one it calls its watchers when the health changes. */
final class InMemoryMonitor implements Monitor {
    private final String name;
    private final List<Consumer<MonitorStatus>> watchers = new CopyOnWriteArrayList<>();
    private volatile Health health = Health.UNKNOWN;

    InMemoryMonitor(String name) {
        this.name = name;
    }

    InMemoryMonitor(String name, Health health) {
        this(name);
        this.health = health;
    }

    void set(Health next) {
        if (next == health) {
            return;
        }
        health = next;
        MonitorStatus s = status();
        watchers.forEach(w -> w.accept(s));
    }

    int watcherCount() {
        return watchers.size();
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public MonitorStatus status() {
        return new MonitorStatus(name, "test", "in memory", health, Instant.EPOCH, Optional.empty(), 0, 0, 2, 3,
            Duration.ofSeconds(1), Duration.ofSeconds(1), 0, 0);
    }

    @Override
    public AutoCloseable watch(Consumer<MonitorStatus> changed) {
        watchers.add(changed);
        return () -> watchers.remove(changed);
    }
}
