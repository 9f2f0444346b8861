package org.vireo.health.internal.monitor;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.health.Monitor;
import org.vireo.health.MonitorStatus;
import org.vireo.settings.MonitorOptions;

/**
 * One monitor configuration, running: the logic of {@link MonitorComponent} without OSGi. A changed configuration
 * that only re-tunes timing, rise or fall keeps the monitor's health and counts (tracking sees no blip); one that
 * changes what is checked starts over from UNKNOWN; a refused one leaves the running monitor as it was and says so
 * in {@link #warnings()}.
 */
public final class ConfiguredMonitor implements Monitor {

    private static final Logger LOG = LoggerFactory.getLogger(ConfiguredMonitor.class);
    private static final long MAX_OFFSET_MILLIS = 250;

    private final MonitorRegistry registry;
    private final Checks checks;
    private final ScheduledExecutorService executor;
    private final String source;
    private final Watchers watchers;
    private volatile MonitorRunner runner;
    private volatile String refused;

    /** @param source the configuration, for messages: its file name or PID */
    public ConfiguredMonitor(MonitorRegistry registry, Checks checks, ScheduledExecutorService executor,
                             String source) {
        this.registry = registry;
        this.checks = checks;
        this.executor = executor;
        this.source = source;
        this.watchers = new Watchers(executor);
    }

    /**
     * Starts the monitor.
     *
     * @throws IllegalArgumentException the configuration is refused (a bad value, a name taken): nothing runs
     */
    public synchronized void start(Map<String, ?> properties) {
        MonitorOptions o = MonitorOptions.parse(properties);
        registry.claim(o.name(), source);
        runner = run(o, new Tally(o.rise(), o.fall(), Instant.now()));
        LOG.info("monitor {} started: {} {}, every {} ms, timeout {} ms, rise {}, fall {}", o.name(), o.type().key(),
            o.target(), o.intervalMillis(), o.timeoutMillis(), o.rise(), o.fall());
    }

    /**
     * Applies a changed configuration; a refused one is logged and shown by {@link #warnings()}, and the monitor
     * goes on as it was. Returns whether the name changed (the service properties must follow).
     */
    public synchronized boolean reconfigure(Map<String, ?> properties) {
        MonitorOptions old = runner.options();
        MonitorOptions next;
        try {
            next = MonitorOptions.parse(properties);
            if (!next.name().equals(old.name())) {
                registry.claim(next.name(), source);
            }
        } catch (IllegalArgumentException e) {
            refused = e.getMessage();
            LOG.error("{}; monitor {} goes on with its previous configuration", e.getMessage(), old.name());
            return false;
        }
        refused = null;
        if (next.equals(old)) {
            return false;
        }
        Tally carried = runner.stop();
        boolean sameCheck = old.sameCheck(next);
        Tally tally = sameCheck ? carried.retuned(next.rise(), next.fall())
            : new Tally(next.rise(), next.fall(), Instant.now());
        boolean renamed = !next.name().equals(old.name());
        if (renamed) {
            registry.release(old.name(), source);
        }
        if (tally.health() != carried.health()) {
            watchers.announce(tally.status(next)); // before the new runner can announce its first change
        }
        runner = run(next, tally);
        LOG.info("monitor {}: {}", next.name(), sameCheck ? "new timing, rise or fall; its health carries over"
            : "restarted with a new check (" + next.type().key() + " " + next.target() + "), health UNKNOWN");
        return renamed;
    }

    /** Stops the checks (one in progress is cancelled) and frees the name. */
    public synchronized void stop() {
        runner.stop();
        registry.release(runner.options().name(), source);
        watchers.clear();
    }

    private MonitorRunner run(MonitorOptions o, Tally tally) {
        MonitorRunner r = new MonitorRunner(o, checks.create(o), executor, tally, watchers::announce);
        // at once, but spread: monitors configured together do not all fire in the same millisecond
        r.start(ThreadLocalRandom.current().nextLong(Math.min(MAX_OFFSET_MILLIS, o.intervalMillis() / 4) + 1));
        return r;
    }

    @Override
    public String name() {
        return runner.options().name();
    }

    @Override
    public MonitorStatus status() {
        return runner.status();
    }

    @Override
    public AutoCloseable watch(Consumer<MonitorStatus> changed) {
        return watchers.add(changed);
    }

    @Override
    public Map<String, String> settings() {
        return runner.options().settings();
    }

    @Override
    public List<String> warnings() {
        List<String> w = new ArrayList<>();
        String r = refused;
        if (r != null) {
            w.add(r + " (running with the previous configuration)");
        }
        long skipped = runner.skipped();
        if (skipped > 0) {
            w.add(skipped + " checks skipped: the previous check was still running when they were due");
        }
        return List.copyOf(w);
    }
}
