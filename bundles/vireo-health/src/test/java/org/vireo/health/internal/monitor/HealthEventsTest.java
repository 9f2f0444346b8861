package org.vireo.health.internal.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.vireo.health.CheckResult;
import org.vireo.health.Health;
import org.vireo.health.MonitorStatus;

class HealthEventsTest {

    private final List<String> topics = new ArrayList<>();
    private final List<Map<String, Object>> posted = new ArrayList<>();
    private final HealthEvents events = new HealthEvents((topic, p) -> {
        topics.add(topic);
        posted.add(p);
    });

    private static MonitorStatus status(Health health, String detail) {
        Instant at = Instant.parse("2026-12-02T12:00:00Z");
        return new MonitorStatus("web", "tcp", "10.0.0.5:8080", health, at,
            Optional.of(new CheckResult(health == Health.UP, detail, Duration.ofMillis(3), at)), 0, 0, 2, 3,
            Duration.ofSeconds(1), Duration.ofSeconds(1), 10, 1);
    }

    @Test
    void eachChangeOfHealthIsAnEventFromTheLastVerdict_withWhatTheCheckSaw() {
        events.accept(status(Health.UP, "connected"));
        events.accept(status(Health.DOWN, "connection refused"));

        assertThat(topics).containsOnly("org/vireo/health/MONITOR");
        assertThat(posted).containsExactly(
            Map.of("monitor", "web", "type", "tcp", "target", "10.0.0.5:8080", "from", "UNKNOWN", "to", "UP",
                "detail", "connected"),
            Map.of("monitor", "web", "type", "tcp", "target", "10.0.0.5:8080", "from", "UP", "to", "DOWN",
                "detail", "connection refused"));
    }

    @Test
    void theSameVerdictAgainIsNoEvent() {
        events.accept(status(Health.UP, "connected"));
        events.accept(status(Health.UP, "connected"));

        assertThat(posted).hasSize(1);
    }
}
