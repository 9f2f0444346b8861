package org.vireo.cluster.internal.registry;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.NodeRegistry;

/**
 * The node registry: the last report of every node, and whether it is stale (no report for longer than the limit,
 * or gone from the view). Pure: the monotonic and wall clocks are injected; the component feeds it reports and
 * views and calls {@link #tick()} a few times a second. Reads are safe from any thread.
 */
public final class Registry implements NodeRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(Registry.class);

    private record Entry(NodeReport report, long seenNanos, Instant seenAt, boolean inView) {
    }

    private final String self;
    private final LongSupplier nanos;
    private final Supplier<Instant> now;
    private final long staleNanos;
    private final Map<String, Entry> entries = new TreeMap<>();
    private final List<Consumer<List<ClusterNode>>> listeners = new CopyOnWriteArrayList<>();
    private volatile List<ClusterNode> snapshot = List.of();
    private volatile Consumer<Membership> membership = m -> { };

    /**
     * Another node joined (its first report, or a report again after it was stale) or left (it went stale: gone from
     * the view, or silent for longer than the stale limit).
     */
    public record Membership(String node, String role, String address, boolean joined, String reason) {
    }

    public Registry(String self, LongSupplier nanos, Supplier<Instant> now, Duration staleAfter) {
        this.self = self;
        this.nanos = nanos;
        this.now = now;
        this.staleNanos = staleAfter.toNanos();
    }

    /** Tells {@code listener} of every join and leave, under the registry's lock (keep it short). */
    public void membership(Consumer<Membership> listener) {
        membership = listener;
    }

    /** A report arrived (or this node made its own). */
    public synchronized void reported(NodeReport report) {
        Entry old = entries.get(report.name());
        entries.put(report.name(), new Entry(report, nanos.getAsLong(), now.get(), true));
        if (old == null) {
            LOG.info("cluster: node {} ({}) reports", report.name(), report.role());
        }
        refresh(old == null || !old.report().equals(report));
    }

    /** The view changed: nodes not in it are stale at once (they left or were cut off). */
    public synchronized void view(Set<String> members) {
        for (Map.Entry<String, Entry> e : entries.entrySet()) {
            boolean in = members.contains(e.getKey()) || e.getKey().equals(self);
            Entry v = e.getValue();
            if (in != v.inView()) {
                e.setValue(new Entry(v.report(), v.seenNanos(), v.seenAt(), in));
            }
        }
        refresh(false);
    }

    /** Re-evaluates staleness (a few times a second). */
    public synchronized void tick() {
        refresh(false);
    }

    private boolean isStale(Entry e) {
        return !e.report().name().equals(self) && (!e.inView() || nanos.getAsLong() - e.seenNanos() > staleNanos);
    }

    /** A new snapshot; nodes that turned stale or fresh are logged; listeners hear of any change. */
    private void refresh(boolean reportChanged) {
        List<ClusterNode> before = snapshot;
        List<ClusterNode> next = build();
        boolean changed = reportChanged || next.size() != before.size();
        for (ClusterNode n : next) {
            ClusterNode was = before.stream().filter(b -> b.name().equals(n.name())).findFirst().orElse(null);
            if (was == null && !n.self() && !n.stale()) {
                tell(n, true, "its first report");
            } else if (was != null && was.stale() != n.stale()) {
                changed = true;
                if (n.stale()) {
                    LOG.warn("cluster: node {} is stale: no report since {}", n.name(), n.lastSeen());
                    tell(n, false, entries.get(n.name()).inView() ? "no report since " + n.lastSeen()
                        : "it left the cluster's view");
                } else {
                    LOG.info("cluster: node {} reports again", n.name());
                    tell(n, true, "it reports again");
                }
            }
        }
        snapshot = next;
        if (changed) {
            notifyListeners(next);
        }
    }

    private void tell(ClusterNode n, boolean joined, String reason) {
        try {
            membership.accept(new Membership(n.name(), n.role(), n.address(), joined, reason));
        } catch (RuntimeException e) {
            LOG.warn("cluster: a membership listener failed", e);
        }
    }

    private List<ClusterNode> build() {
        List<ClusterNode> out = new ArrayList<>(entries.size());
        for (Entry e : entries.values()) {
            NodeReport r = e.report();
            out.add(new ClusterNode(r.name(), r.role(), r.address(), r.softwareVersion(), r.vrrpStates(), r.load(),
                e.seenAt(), isStale(e), r.name().equals(self), r.configState(), r.services(), r.virtualAddresses(),
                r.documentVersions()));
        }
        return List.copyOf(out);
    }

    private void notifyListeners(List<ClusterNode> nodes) {
        for (Consumer<List<ClusterNode>> l : listeners) {
            try {
                l.accept(nodes);
            } catch (RuntimeException e) {
                LOG.warn("cluster: a registry listener failed", e);
            }
        }
    }

    @Override
    public List<ClusterNode> nodes() {
        return snapshot;
    }

    @Override
    public Optional<ClusterNode> node(String name) {
        return snapshot.stream().filter(n -> n.name().equals(name)).findFirst();
    }

    @Override
    public AutoCloseable watch(Consumer<List<ClusterNode>> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }
}
