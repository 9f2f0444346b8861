package org.vireo.health.internal.monitor;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

import org.vireo.config.ConfigErrors;
import org.vireo.health.CheckResult;
import org.vireo.health.Health;
import org.vireo.health.Monitor;
import org.vireo.health.MonitorStatus;

/**
 * A monitor's watcher that posts each change of its health as an event ({@value Monitor#HEALTH_TOPIC}): from, to,
 * and what its last check saw. A monitor starts UNKNOWN, so its first verdict is an event too.
 */
final class HealthEvents implements Consumer<MonitorStatus> {

    private static final int MAX_DETAIL = 256;

    private final BiConsumer<String, Map<String, Object>> post;
    private Health last = Health.UNKNOWN;

    /** @param post posts an EventAdmin event (topic, properties) */
    HealthEvents(BiConsumer<String, Map<String, Object>> post) {
        this.post = post;
    }

    @Override
    public synchronized void accept(MonitorStatus status) {
        if (status.health() == last) {
            return;
        }
        Map<String, Object> p = new HashMap<>();
        p.put("monitor", status.name());
        p.put("type", status.type());
        p.put("target", ConfigErrors.shorten(status.target(), MAX_DETAIL));
        p.put("from", last.name());
        p.put("to", status.health().name());
        p.put("detail", ConfigErrors.shorten(status.lastResult().map(CheckResult::detail).orElse(""), MAX_DETAIL));
        last = status.health();
        post.accept(Monitor.HEALTH_TOPIC, p);
    }
}
