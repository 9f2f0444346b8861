package org.vireo.health.internal.track;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntConsumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.health.Health;
import org.vireo.health.Monitor;
import org.vireo.health.MonitorStatus;
import org.vireo.health.TrackMode;
import org.vireo.health.TrackStatus;
import org.vireo.health.internal.LinkState;
import org.vireo.vrrp.PriorityDeduction;

/**
 * The state of one tracked group: the health of the monitors it names, the state of its interfaces, and who
 * watches its effective priority. Plain Java: the DS component feeds it monitors, options and interface polls.
 *
 * <p>Every change recomputes EP for each watcher and calls those whose EP changed. The state lock is never held
 * while a watcher runs (a watcher may read {@link #effectivePriority}); a second lock keeps deliveries in the
 * order the changes happened, so a watcher never ends on a stale value.
 */
public final class GroupTracker {

    /** Reads one interface's state; {@link LinkState#read} under /sys/class/net in production. */
    @FunctionalInterface
    public interface LinkReader {
        LinkState read(String iface) throws IOException;
    }

    private static final Logger LOG = LoggerFactory.getLogger(GroupTracker.class);

    private final LinkReader links;
    /** When an interface was first read down: the time the operator sees on its deduction. */
    private final Clock clock;
    private final Object lock = new Object();
    private final Object delivery = new Object();
    private final List<Watcher> watchers = new CopyOnWriteArrayList<>();

    // guarded by lock
    private TrackOptions options;
    private final Map<Monitor, String> bound = new HashMap<>();
    private final Map<String, Watched> watched = new HashMap<>();
    private final Map<String, Boolean> interfaceUp = new HashMap<>();
    private final Map<String, Instant> interfaceDownSince = new HashMap<>();
    private final Set<String> warnedMissing = new HashSet<>();

    public GroupTracker(LinkReader links) {
        this(links, Clock.systemUTC());
    }

    public GroupTracker(LinkReader links, Clock clock) {
        this.links = links;
        this.clock = clock;
    }

    private static final class Watcher {
        final int basePriority;
        final IntConsumer changed;
        int last; // guarded by lock

        Watcher(int basePriority, IntConsumer changed) {
            this.basePriority = basePriority;
            this.changed = changed;
        }
    }

    /**
     * A named monitor in use: its current health (null until known) and the handle that stops its calls (null
     * until its watch is open). Both are guarded by lock.
     */
    private static final class Watched {
        final Monitor monitor;
        AutoCloseable handle;
        Health health;
        Instant healthSince;

        Watched(Monitor monitor) {
            this.monitor = monitor;
        }
    }

    /** Takes (new) options: watches the monitors they name, reads their interfaces, and tells watchers. */
    public void configure(TrackOptions next) {
        List<AutoCloseable> stop = new ArrayList<>();
        List<Watched> start = new ArrayList<>();
        synchronized (lock) {
            options = next;
            watched.keySet().removeIf(name -> {
                boolean drop = !next.monitors().contains(name);
                if (drop) {
                    stop.add(watched.get(name).handle);
                }
                return drop;
            });
            interfaceUp.keySet().retainAll(next.interfaceWeights().keySet());
            interfaceDownSince.keySet().retainAll(next.interfaceWeights().keySet());
            warnedMissing.retainAll(next.monitors());
            bound.forEach((monitor, name) -> startWatching(name, monitor, start));
            warnMissing();
        }
        stop.forEach(GroupTracker::closeQuietly);
        open(start);
        pollInterfaces();
    }

    public TrackOptions options() {
        synchronized (lock) {
            return options;
        }
    }

    public void monitorAdded(String name, Monitor monitor) {
        List<Watched> start = new ArrayList<>();
        synchronized (lock) {
            bound.put(monitor, name);
            startWatching(name, monitor, start);
        }
        open(start);
        refresh();
    }

    public void monitorRemoved(Monitor monitor) {
        AutoCloseable stop = null;
        List<Watched> start = new ArrayList<>();
        synchronized (lock) {
            String name = bound.remove(monitor);
            Watched w = name == null ? null : watched.get(name);
            if (w != null && w.monitor == monitor) {
                watched.remove(name);
                stop = w.handle;
                // another service of the same name (a replacement registered first) takes its place
                bound.forEach((other, otherName) -> {
                    if (otherName.equals(name)) {
                        startWatching(name, other, start);
                    }
                });
                warnMissing();
            }
        }
        closeQuietly(stop);
        open(start);
        refresh();
    }

    // under lock; the watch itself is opened by open(), outside the lock, as the monitor may hold its own
    private void startWatching(String name, Monitor monitor, List<Watched> start) {
        if (options == null || !options.monitors().contains(name) || watched.containsKey(name)) {
            return;
        }
        Watched w = new Watched(monitor);
        watched.put(name, w);
        warnedMissing.remove(name);
        start.add(w);
    }

    /** Watches first, then reads: a change in between is not lost, it arrives as a call. */
    private void open(List<Watched> start) {
        for (Watched w : start) {
            AutoCloseable handle = w.monitor.watch(status -> healthChanged(w, status));
            MonitorStatus now = w.monitor.status();
            boolean dropped;
            synchronized (lock) {
                dropped = !watched.containsValue(w);
                w.handle = handle;
                if (w.health == null) {
                    w.health = now.health();
                    w.healthSince = now.healthSince();
                }
            }
            if (dropped) {
                closeQuietly(handle); // stopped being wanted while we opened it
            }
        }
    }

    // under lock
    private void warnMissing() {
        for (String name : options.monitors()) {
            if (!watched.containsKey(name) && warnedMissing.add(name)) {
                LOG.warn("health tracking for VRRP instance {}: monitor '{}' is not configured on this node; it"
                    + " counts as down (etc/{}-{}.cfg)", options.instance(), name, Monitor.FACTORY_PID, name);
            }
        }
    }

    private void healthChanged(Watched w, MonitorStatus status) {
        synchronized (lock) {
            if (!watched.containsValue(w)) {
                return; // a late call from a monitor we stopped watching
            }
            w.health = status.health();
            w.healthSince = status.healthSince();
        }
        refresh();
    }

    /** Reads every tracked interface; an unreadable one counts as down. */
    public void pollInterfaces() {
        List<String> names;
        synchronized (lock) {
            if (options == null) {
                return;
            }
            names = List.copyOf(options.interfaceWeights().keySet());
        }
        Map<String, Boolean> read = new HashMap<>();
        for (String iface : names) {
            try {
                read.put(iface, links.read(iface).up());
            } catch (IOException | RuntimeException e) {
                LOG.warn("health tracking: reading the state of interface {} failed; counting it as down", iface, e);
                read.put(iface, false);
            }
        }
        synchronized (lock) {
            read.forEach((iface, up) -> {
                if (options.interfaceWeights().containsKey(iface)) {
                    Boolean was = interfaceUp.put(iface, up);
                    if (up) {
                        interfaceDownSince.remove(iface);
                    } else {
                        interfaceDownSince.putIfAbsent(iface, clock.instant());
                    }
                    if (was != null && was != up) {
                        LOG.info("health tracking for VRRP instance {}: interface {} is {}", options.instance(),
                            iface, up ? "up" : "down");
                    }
                }
            });
        }
        refresh();
    }

    /** Stops watching every monitor; watchers get no more calls. */
    public void close() {
        List<AutoCloseable> stop;
        synchronized (lock) {
            stop = watched.values().stream().map(w -> w.handle).toList();
            watched.clear();
            bound.clear();
        }
        watchers.clear();
        stop.forEach(GroupTracker::closeQuietly);
    }

    public int effectivePriority(int basePriority) {
        synchronized (lock) {
            return compute(basePriority);
        }
    }

    public TrackStatus status(int basePriority) {
        synchronized (lock) {
            if (options == null) {
                return new TrackStatus("", TrackMode.NONE, basePriority, basePriority, List.of(), List.of(),
                    List.of(), Map.of(), List.of());
            }
            List<String> down = new ArrayList<>();
            List<String> missing = new ArrayList<>();
            for (String name : options.monitors()) {
                Watched w = watched.get(name);
                if (w == null) {
                    missing.add(name);
                } else if (w.health != Health.UP) {
                    down.add(name);
                }
            }
            List<String> interfacesDown = options.interfaceWeights().keySet().stream()
                .filter(i -> !interfaceUp.getOrDefault(i, false)).toList();
            return new TrackStatus(options.instance(), options.mode(), basePriority, compute(basePriority),
                options.monitors(), down, missing, new LinkedHashMap<>(options.interfaceWeights()), interfacesDown);
        }
    }

    /** What each monitor and interface down takes off {@code basePriority} now ({@link TrackDeductions}). */
    public List<PriorityDeduction> deductions(int basePriority) {
        synchronized (lock) {
            if (options == null) {
                return List.of();
            }
            List<TrackDeductions.MonitorState> monitors = options.monitors().stream().map(this::monitorState).toList();
            Map<String, Optional<Instant>> down = new LinkedHashMap<>();
            options.interfaceWeights().keySet().stream().filter(i -> !interfaceUp.getOrDefault(i, false))
                .forEach(i -> down.put(i, Optional.ofNullable(interfaceDownSince.get(i))));
            return TrackDeductions.of(options.mode(), basePriority, monitors, options.interfaceWeights(), down);
        }
    }

    // under lock
    private TrackDeductions.MonitorState monitorState(String name) {
        Watched w = watched.get(name);
        return w == null ? new TrackDeductions.MonitorState(name, Optional.empty(), Optional.empty())
            : new TrackDeductions.MonitorState(name, Optional.of(w.health == null ? Health.UNKNOWN : w.health),
                Optional.ofNullable(w.healthSince));
    }

    /** Calls {@code changed} with each new EP for {@code basePriority}; the handle stops the calls. */
    public AutoCloseable watch(int basePriority, IntConsumer changed) {
        Watcher w = new Watcher(basePriority, changed);
        synchronized (lock) {
            w.last = compute(basePriority);
            watchers.add(w);
        }
        return () -> watchers.remove(w);
    }

    // under lock
    private int compute(int basePriority) {
        if (options == null) {
            return basePriority;
        }
        int down = 0;
        for (String name : options.monitors()) {
            Watched w = watched.get(name);
            if (w == null || w.health != Health.UP) {
                down++;
            }
        }
        int weightDown = 0;
        for (Map.Entry<String, Integer> iface : options.interfaceWeights().entrySet()) {
            if (!interfaceUp.getOrDefault(iface.getKey(), false)) { // not read yet: not known to be up
                weightDown += iface.getValue();
            }
        }
        return EffectivePriorityFormula.effectivePriority(options.mode(), basePriority, options.monitors().size(),
            down, weightDown);
    }

    private void refresh() {
        synchronized (delivery) {
            List<Runnable> due = new ArrayList<>();
            synchronized (lock) {
                for (Watcher w : watchers) {
                    int ep = compute(w.basePriority);
                    if (ep != w.last) {
                        w.last = ep;
                        due.add(() -> w.changed.accept(ep));
                    }
                }
            }
            for (Runnable call : due) {
                try {
                    call.run();
                } catch (RuntimeException e) {
                    LOG.error("health tracking: a watcher of the effective priority failed", e);
                }
            }
        }
    }

    private static void closeQuietly(AutoCloseable handle) {
        if (handle != null) {
            try {
                handle.close();
            } catch (Exception e) {
                LOG.debug("closing a monitor watch", e);
            }
        }
    }
}
