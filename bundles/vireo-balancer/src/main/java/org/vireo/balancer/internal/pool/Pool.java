package org.vireo.balancer.internal.pool;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;


import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.balancer.ScannerStats;
import org.vireo.settings.BalancerOptions;
import org.vireo.balancer.internal.forward.Backends;
import org.vireo.balancer.internal.forward.Traffic;
import org.vireo.balancer.internal.schedule.Candidate;
import org.vireo.balancer.internal.schedule.FtpSessions;
import org.vireo.balancer.internal.schedule.Scheduler;

import io.netty.util.NetUtil;

/**
 * The scanner pool as the forwarder uses it: the table (health, loads), the scheduler, and the counters per
 * scanner, behind one lock (picks are short; the forwarder's event loops call in). Loads arrive keyed by the
 * scanner's address, as the node registry gives them.
 */
public final class Pool implements Backends {

    private static final Logger LOG = LoggerFactory.getLogger(Pool.class);
    /** Why a scanner is up again when no call said so: time passed. */
    private static final String HOLD_DOWN_ENDED = "the hold-down after a failed connect ended";

    private final ScannerTable table;
    private final Duration holdDown;
    private final Scheduler scheduler;
    private final FtpSessions sessions = new FtpSessions();
    private final Map<String, BalancerOptions.Scanner> scanners = new TreeMap<>();
    private final Map<String, Counters> counters = new TreeMap<>();
    private final Map<String, Backend> backendById = new TreeMap<>();
    private final LongSupplier nanos;
    private final PoolChanges seen = new PoolChanges();
    private final Consumer<PoolChanges.Change> changes;
    private List<BalancerOptions.Scanner> order = List.of();
    private long slowStartNanos;
    /**
     * Every scanner up and past slow start at the last update: then only the calls below change what the scheduler
     * sees, and a pick need not rebuild it (while one is down or ramping, the clock moves it: every pick does).
     */
    private boolean settled;

    /** Per scanner: connections forwarded in total, connects that failed, bytes (counted by the event loops). */
    private static final class Counters {
        long total;
        long failures;
        final Traffic traffic = new Traffic();
    }

    public Pool(BalancerOptions options, LongSupplier nanos, Duration holdDown) {
        this(options, nanos, holdDown, change -> { });
    }

    /** @param changes told of each change of the pool (a scanner up, down, drained ...), under the pool's lock */
    public Pool(BalancerOptions options, LongSupplier nanos, Duration holdDown,
                Consumer<PoolChanges.Change> changes) {
        this.changes = changes;
        this.holdDown = holdDown;
        this.nanos = nanos;
        table = new ScannerTable(nanos, holdDown.toNanos());
        scheduler = new Scheduler(options.boundFactor(), Duration.ofSeconds(options.affinityIdleSeconds()).toNanos(),
            Duration.ofSeconds(options.slowStartSeconds()).toNanos(), nanos);
        configure(options);
    }

    /** A new table (weights, drain, scanners added or removed); what is known of the others is kept. */
    public synchronized void configure(BalancerOptions options) {
        order = options.scanners();
        scanners.clear();
        options.scanners().forEach(s -> scanners.put(s.id(), s));
        counters.keySet().retainAll(scanners.keySet());
        scanners.keySet().forEach(id -> counters.computeIfAbsent(id, k -> new Counters()));
        backendById.clear();
        scanners.forEach((id, s) -> backendById.put(id, new Backend(id, s.address(), counters.get(id).traffic)));
        table.configure(options.scanners());
        slowStartNanos = Duration.ofSeconds(options.slowStartSeconds()).toNanos();
        scheduler.tune(options.boundFactor(), Duration.ofSeconds(options.affinityIdleSeconds()).toNanos(),
            slowStartNanos);
        update("the scanner table was configured");
    }

    /** Hands the scheduler the table as it is now, and the listener what changed (because of {@code why}). */
    private void update(String why) {
        List<Candidate> now = table.candidates();
        scheduler.update(now);
        long t = nanos.getAsLong();
        settled = now.stream().allMatch(c -> c.healthy()
            && (slowStartNanos <= 0 || t - c.upSinceNanos() >= slowStartNanos));
        Map<String, PoolChanges.Seen> looks = new LinkedHashMap<>();
        for (BalancerOptions.Scanner s : order) {
            looks.put(s.id(), new PoolChanges.Seen(table.up(s.id()), s.drain()));
        }
        for (PoolChanges.Change c : seen.look(looks, why)) {
            try {
                changes.accept(c);
            } catch (RuntimeException e) {
                LOG.warn("balancer: a listener of the pool failed on {}", c, e);
            }
        }
    }

    /** A scanner's monitor changed its verdict. */
    public synchronized void monitor(String id, boolean up) {
        table.monitor(id, up);
        update("its monitor says " + (up ? "up" : "down"));
    }

    /**
     * The loads the scanners report, by the address they report from (the node registry's address). Addresses
     * compare as addresses, not as text: an IPv6 scanner listed as {@code [fd77:0::12]:3128} takes the load of a
     * node whose address is written {@code fd77::12}.
     */
    public synchronized void loads(Map<String, double[]> cpuAndMemoryByAddress) {
        Map<String, double[]> byAddress = new HashMap<>();
        cpuAndMemoryByAddress.forEach((address, load) -> byAddress.put(canonical(address), load));
        for (BalancerOptions.Scanner s : scanners.values()) {
            double[] l = byAddress.get(NetUtil.toAddressString(s.address().getAddress()));
            table.load(s.id(), l == null ? -1 : l[0], l == null ? -1 : l[1]);
        }
        update(HOLD_DOWN_ENDED); // loads change no health: only the clock can have
    }

    /** An address literal in RFC 5952's text; anything else (a host name) as it is. */
    private static String canonical(String address) {
        return NetUtil.isValidIpV4Address(address) || NetUtil.isValidIpV6Address(address)
            ? NetUtil.toAddressString(NetUtil.createInetAddressFromIpAddressString(address)) : address;
    }

    @Override
    public synchronized Optional<Backend> pick(String client, Set<String> excluded) {
        if (!settled) {
            update(HOLD_DOWN_ENDED); // hold-downs and slow start move with the clock
        }
        Optional<String> id = scheduler.pick(client, excluded);
        if (id.isEmpty()) {
            id = heldDown(excluded);
        }
        // counted from the pick, not once connected: a burst of connections (wrk's 64 at once; a browser's
        // few) otherwise all pass the bound before the first connect completes
        id.ifPresent(scheduler::opened);
        return id.map(backendById::get);
    }

    /**
     * When no healthy scanner can take a client: one held down only by a failed connect, which may serve by now (a
     * scanner that was starting when its first client came). Tried rather than the client closed; a connect that
     * succeeds ends its hold-down.
     */
    private Optional<String> heldDown(Set<String> excluded) {
        return table.heldDown().stream().filter(id -> !excluded.contains(id)).findFirst();
    }

    @Override
    public synchronized Optional<Backend> sessionOf(String client, Set<String> excluded) {
        Optional<String> id = sessions.scanner(client).filter(s -> !excluded.contains(s) && backendById.containsKey(s));
        id.ifPresent(scheduler::opened); // counted as a pick is: closed() follows
        return id.map(backendById::get);
    }

    @Override
    public synchronized void sessionOpened(String client, String id) {
        sessions.opened(client, id);
    }

    @Override
    public synchronized void sessionClosed(String client, String id) {
        sessions.closed(client, id);
    }

    @Override
    public synchronized boolean mayServeSoon() {
        return !table.heldDown().isEmpty();
    }

    @Override
    public synchronized void opened(String id) {
        Counters c = counters.get(id);
        if (c != null) {
            c.total++;
        }
        if (table.connected(id)) {
            LOG.info("balancer: scanner {} UP: a connect succeeded after the one that failed", id);
            update("a connect succeeded after the one that failed");
        }
    }

    @Override
    public synchronized void closed(String id) {
        scheduler.closed(id);
    }

    @Override
    public synchronized void abandoned(String id) {
        scheduler.closed(id);
    }

    @Override
    public synchronized void failed(String id, Throwable cause) {
        if (table.up(id)) {
            LOG.warn("balancer: scanner {} DOWN: a connect failed ({}); its clients go to other scanners, and it is"
                + " tried again when its monitor sees it up, after {} s, or by a client that no other scanner can"
                + " take", id, cause.getMessage(), holdDown.toSeconds());
        }
        table.failed(id);
        scheduler.closed(id);
        Counters c = counters.get(id);
        if (c != null) {
            c.failures++;
        }
        update("a connect failed: " + cause.getMessage());
    }

    @Override
    public synchronized void missed(String id, Throwable cause) {
        scheduler.closed(id);
        Counters c = counters.get(id);
        if (c != null) {
            c.failures++;
        }
    }

    /**
     * Every scanner of the table with its numbers, in table order.
     *
     * @param monitorOf a scanner id -> its monitor and verdict, for the operator
     */
    public synchronized List<ScannerStats> stats(Function<String, String> monitorOf) {
        update(HOLD_DOWN_ENDED);
        Map<String, Double> weights = scheduler.weights();
        Map<String, Integer> affinities = scheduler.affinitiesByScanner();
        int open = 0;
        for (String id : scanners.keySet()) {
            open += scheduler.active(id);
        }
        List<ScannerStats> out = new ArrayList<>();
        for (BalancerOptions.Scanner s : order) {
            Counters c = counters.get(s.id());
            int active = scheduler.active(s.id());
            double[] load = table.load(s.id());
            out.add(new ScannerStats(s.id(), table.up(s.id()), s.drain(), s.weight(), weights.getOrDefault(s.id(), 0.0),
                open == 0 ? 0 : (double) active / open, active, c.total, c.failures, c.traffic.fromClients(),
                c.traffic.toClients(), load[0], load[1], monitorOf.apply(s.id()),
                affinities.getOrDefault(s.id(), 0)));
        }
        return out;
    }

    /** Connections open to all scanners now, and clients whose scanner is remembered. */
    public synchronized int[] openAndAffinities() {
        int open = 0;
        for (String id : scanners.keySet()) {
            open += scheduler.active(id);
        }
        return new int[] {open, scheduler.affinities()};
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
