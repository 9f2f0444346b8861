package org.vireo.vrrp.internal.instance;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.vireo.cluster.ClusterNode;

/**
 * A split brain seen through the second path, the cluster's node registry: another live node reports itself master of
 * an instance of the same name while this one is (its adverts and this node's do not meet: a filter, a broken link
 * that the cluster's channel does not cross). Pure: the registry's list and the time come in, the changes go out.
 *
 * <p>A conflict counts once it has lasted {@code confirmMillis}: during an ordinary take-back the old and the new master
 * both report MASTER for up to a report interval (a second) before the old one hears the new one's advert.
 */
final class RegistrySplitBrain {

    /** Another node that reports itself master of the instance. */
    record Other(String node, String address) {
    }

    /** What changed: a split brain detected with {@code other}, or over. */
    record Change(Other other, boolean detected) {
    }

    private final long confirmMillis;
    /** Other masters seen, not yet confirmed: when first seen. */
    private final Map<Other, Long> candidates = new HashMap<>();
    private final Map<String, Other> confirmed = new LinkedHashMap<>();
    private long count;

    RegistrySplitBrain(long confirmMillis) {
        this.confirmMillis = confirmMillis;
    }

    /**
     * @param instance the instance's name
     * @param master   whether this node is its master now
     * @param nodes    the registry's list (this node, stale nodes and others)
     * @return the split brains detected or over since the last call, in that order
     */
    synchronized List<Change> update(String instance, boolean master, List<ClusterNode> nodes, long nowMillis) {
        Map<String, Other> masters = new LinkedHashMap<>();
        if (master) {
            for (ClusterNode n : nodes) {
                if (!n.self() && !n.stale() && "MASTER".equals(n.vrrpStates().get(instance))) {
                    masters.put(n.name(), new Other(n.name(), n.address()));
                }
            }
        }
        List<Change> changes = new ArrayList<>();
        for (Other was : List.copyOf(confirmed.values())) {
            if (!was.equals(masters.get(was.node()))) {
                confirmed.remove(was.node());
                changes.add(new Change(was, false));
            }
        }
        candidates.keySet().retainAll(masters.values());
        for (Other other : masters.values()) {
            if (confirmed.containsKey(other.node())) {
                continue;
            }
            long since = candidates.computeIfAbsent(other, o -> nowMillis);
            if (nowMillis - since >= confirmMillis) {
                candidates.remove(other);
                confirmed.put(other.node(), other);
                count++;
                changes.add(new Change(other, true));
            }
        }
        return changes;
    }

    /** Whether a conflict waits for its confirmation: the caller looks again after {@link #confirmMillis()}. */
    synchronized boolean pending() {
        return !candidates.isEmpty();
    }

    long confirmMillis() {
        return confirmMillis;
    }

    synchronized long count() {
        return count;
    }

    /** For vrrp:show; empty when none was ever seen. */
    synchronized Optional<String> describe() {
        if (confirmed.isEmpty() && count == 0) {
            return Optional.empty();
        }
        String now = confirmed.isEmpty() ? "none now" : "detected: " + String.join(", ", confirmed.values().stream()
            .map(o -> "node " + o.node() + " (" + o.address() + ")").toList()) + " reports master too";
        return Optional.of("through the cluster registry: " + now + " (" + count + " since the instance started)");
    }
}
