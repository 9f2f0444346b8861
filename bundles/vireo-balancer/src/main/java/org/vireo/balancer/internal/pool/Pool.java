package org.vireo.balancer.internal.pool;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.LongSupplier;

import org.vireo.balancer.internal.config.BalancerOptions;
import org.vireo.balancer.internal.forward.Backends;
import org.vireo.balancer.internal.schedule.Scheduler;

/**
 * The scanner pool as the forwarder uses it: the table (health, loads), the scheduler, and the counters per
 * scanner, behind one lock (picks are short; the forwarder's event loops call in). Loads arrive keyed by the
 * scanner's address, as the node registry gives them.
 */
public final class Pool implements Backends {

    private final ScannerTable table;
    private final Scheduler scheduler;
    private final Map<String, BalancerOptions.Scanner> scanners = new TreeMap<>();
    private final Map<String, Counters> counters = new TreeMap<>();

    /** Per scanner: connections forwarded in total, and connects that failed. */
    private static final class Counters {
        long total;
        long failures;
    }

    public Pool(BalancerOptions options, LongSupplier nanos, Duration holdDown) {
        table = new ScannerTable(nanos, holdDown.toNanos());
        scheduler = new Scheduler(options.boundFactor(), Duration.ofSeconds(options.affinityIdleSeconds()).toNanos(),
            Duration.ofSeconds(options.slowStartSeconds()).toNanos(), nanos);
        configure(options);
    }

    /** A new table (weights, drain, scanners added or removed); what is known of the others is kept. */
    public synchronized void configure(BalancerOptions options) {
        scanners.clear();
        options.scanners().forEach(s -> scanners.put(s.id(), s));
        counters.keySet().retainAll(scanners.keySet());
        scanners.keySet().forEach(id -> counters.computeIfAbsent(id, k -> new Counters()));
        table.configure(options.scanners());
        scheduler.update(table.candidates());
    }

    /** A scanner's monitor changed its verdict. */
    public synchronized void monitor(String id, boolean up) {
        table.monitor(id, up);
        scheduler.update(table.candidates());
    }

    /** The loads the scanners report, by the address they report from (the node registry's address). */
    public synchronized void loads(Map<String, double[]> cpuAndMemoryByAddress) {
        for (BalancerOptions.Scanner s : scanners.values()) {
            double[] l = cpuAndMemoryByAddress.get(s.address().getAddress().getHostAddress());
            table.load(s.id(), l == null ? -1 : l[0], l == null ? -1 : l[1]);
        }
        scheduler.update(table.candidates());
    }

    @Override
    public synchronized Optional<Backend> pick(String client, Set<String> excluded) {
        scheduler.update(table.candidates()); // hold-downs and slow start move with the clock
        return scheduler.pick(client, excluded).map(id -> new Backend(id, scanners.get(id).address()));
    }

    @Override
    public synchronized void opened(String id) {
        scheduler.opened(id);
        Counters c = counters.get(id);
        if (c != null) {
            c.total++;
        }
    }

    @Override
    public synchronized void closed(String id) {
        scheduler.closed(id);
    }

    @Override
    public synchronized void failed(String id, Throwable cause) {
        table.failed(id);
        Counters c = counters.get(id);
        if (c != null) {
            c.failures++;
        }
        scheduler.update(table.candidates());
    }

    /** Connections open to a scanner now. */
    public synchronized int active(String id) {
        return scheduler.active(id);
    }

    /** Connections forwarded to a scanner and connects that failed, since it entered the table (for metrics). */
    public synchronized long[] totals(String id) {
        Counters c = counters.get(id);
        return c == null ? new long[] {0, 0} : new long[] {c.total, c.failures};
    }

    public synchronized boolean up(String id) {
        return table.up(id);
    }

    public synchronized List<String> ids() {
        return List.copyOf(scanners.keySet());
    }
}
