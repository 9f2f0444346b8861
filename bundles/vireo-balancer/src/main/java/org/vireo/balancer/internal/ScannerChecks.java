package org.vireo.balancer.internal;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiConsumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.config.AddressText;
import org.vireo.settings.BalancerOptions;
import org.vireo.settings.MonitorOptions;
import org.vireo.settings.MonitorType;
import org.vireo.health.Health;
import org.vireo.health.MonitorFactory;
import org.vireo.health.MonitorStatus;

/**
 * The active check of each scanner's proxy port: one vireo-health TCP monitor per scanner, named
 * {@code balancer-<address>-<port>} (listed by {@code health:list}), whose verdicts go to the pool. A monitor
 * that cannot start (its name taken by an operator's monitor) leaves that scanner to the passive checks, and
 * says so.
 */
final class ScannerChecks implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ScannerChecks.class);

    private record Running(MonitorFactory.OwnedMonitor monitor, AutoCloseable watch, Map<String, Object> settings) {
    }

    private final MonitorFactory factory;
    private final BiConsumer<String, Boolean> verdicts;
    private final Map<String, Running> running = new LinkedHashMap<>();
    private final Map<String, String> problems = new LinkedHashMap<>();
    private final Map<String, Health> lastVerdicts = new java.util.concurrent.ConcurrentHashMap<>();

    /** @param verdicts scanner id, up: called on a health thread each time a monitor decides */
    ScannerChecks(MonitorFactory factory, BiConsumer<String, Boolean> verdicts) {
        this.factory = factory;
        this.verdicts = verdicts;
    }

    static String monitorName(BalancerOptions.Scanner s) {
        return "balancer-" + AddressText.of(s.address().getAddress()).replace(':', '_').replace('%', '_') + "-"
            + s.address().getPort();
    }

    /** Starts the monitors of new scanners (or of changed check settings), stops those of removed ones. */
    synchronized void configure(BalancerOptions options) {
        Map<String, Map<String, Object>> wanted = new LinkedHashMap<>();
        for (BalancerOptions.Scanner s : options.scanners()) {
            Map<String, Object> settings = new HashMap<>();
            settings.put(MonitorOptions.NAME.key(), monitorName(s));
            settings.put(MonitorOptions.TYPE.key(), MonitorType.TCP.key());
            settings.put(MonitorOptions.HOST.key(), AddressText.of(s.address().getAddress()));
            settings.put(MonitorOptions.PORT.key(), String.valueOf(s.address().getPort()));
            settings.put(MonitorOptions.INTERVAL_MILLIS.key(), String.valueOf(options.checkIntervalMillis()));
            settings.put(MonitorOptions.TIMEOUT_MILLIS.key(), String.valueOf(Math.min(options.checkTimeoutMillis(),
                options.checkIntervalMillis())));
            wanted.put(s.id(), settings);
        }
        running.entrySet().removeIf(e -> {
            boolean stop = !e.getValue().settings().equals(wanted.get(e.getKey()));
            if (stop) {
                stop(e.getValue());
            }
            return stop;
        });
        problems.keySet().retainAll(wanted.keySet());
        lastVerdicts.keySet().retainAll(wanted.keySet());
        wanted.forEach((id, settings) -> {
            if (running.containsKey(id)) {
                return;
            }
            try {
                MonitorFactory.OwnedMonitor m = factory.start("balancer", settings);
                AutoCloseable w = m.watch(status -> verdict(id, status));
                running.put(id, new Running(m, w, settings));
                problems.remove(id);
                verdict(id, m.status());
            } catch (IllegalArgumentException e) {
                problems.put(id, "scanner " + id + " has no active check: " + e.getMessage());
                LOG.error("balancer: {}; only failed connects mark it down", problems.get(id));
            }
        });
    }

    private void verdict(String id, MonitorStatus status) {
        if (status.health() == Health.UNKNOWN) { // no verdict yet: the scanner keeps what it had
            return;
        }
        if (lastVerdicts.put(id, status.health()) != status.health()) {
            String seen = status.lastResult().map(r -> ": " + r.detail()).orElse("");
            if (status.health() == Health.UP) {
                LOG.info("balancer: scanner {} UP (monitor {}{})", id, status.name(), seen);
            } else {
                LOG.warn("balancer: scanner {} DOWN (monitor {}{})", id, status.name(), seen);
            }
        }
        verdicts.accept(id, status.health() == Health.UP);
    }

    /** The monitor of a scanner and its verdict, for the operator. */
    synchronized String describe(String id) {
        Running r = running.get(id);
        return r == null ? "none" : r.monitor().name() + " " + r.monitor().status().health();
    }

    synchronized Map<String, String> problems() {
        return Map.copyOf(problems);
    }

    private static void stop(Running r) {
        try {
            r.watch().close();
        } catch (Exception e) {
            LOG.debug("closing a monitor watch", e);
        }
        r.monitor().close();
    }

    @Override
    public synchronized void close() {
        running.values().forEach(ScannerChecks::stop);
        running.clear();
    }
}
