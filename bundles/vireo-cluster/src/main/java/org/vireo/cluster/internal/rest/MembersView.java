package org.vireo.cluster.internal.rest;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.NodeLoad;
import org.vireo.cluster.internal.node.ClusterAdmin;

/**
 * {@code GET /api/v1/cluster/members}: what {@code cluster:members} shows. The cluster's name and view, then every
 * node the registry has seen, stale ones included, ordered by name.
 *
 * @param offReason why the cluster is off; null while it runs
 */
public record MembersView(String clusterName, boolean joined, String offReason, GroupView view,
                          List<Member> members) {

    /**
     * One node as it last reported itself.
     *
     * @param address    where it is reached for management (its cluster bind address if none is set); null when
     *                   it has neither
     * @param vrrpStates VRRP instance -> state; empty on a node without VRRP
     * @param load       null unless the node runs the scanner
     * @param lastSeen   when its last report arrived here
     * @param stale      no report for longer than the stale limit, or it left the view
     * @param inSync     it holds the same edits of every replicated document as this node; null for this node
     * @param services   service -> where clients reach it, for the services it offers them now
     */
    public record Member(String name, boolean self, String role, String address, String softwareVersion,
                         Map<String, String> vrrpStates, Load load, String lastSeen, boolean stale, Boolean inSync,
                         Map<String, String> services) {

        static Member of(ClusterNode n, ClusterAdmin.Status status) {
            return new Member(n.name(), n.self(), n.role(), n.address().isEmpty() ? null : n.address(),
                n.softwareVersion(),
                new TreeMap<>(n.vrrpStates()), n.load().map(Load::of).orElse(null), n.lastSeen().toString(),
                n.stale(), n.self() ? null : status.inSyncWith(n), new TreeMap<>(n.services()));
        }
    }

    /**
     * A scanning node's load, measured every second on that node.
     *
     * @param processCpu the node's JVM, share of all CPUs (0..1); null when not known
     * @param systemCpu  the whole machine (0..1); null when not known
     * @param memory     the machine's memory in use (0..1)
     */
    public record Load(String measuredAt, Double processCpu, Double systemCpu, double memory, long memoryUsedBytes,
                       long memoryTotalBytes, long heapUsedBytes, long heapMaxBytes, int activeConnections,
                       double requestsPerSecond) {

        static Load of(NodeLoad l) {
            return new Load(l.at().toString(), known(l.processCpu()), known(l.systemCpu()), l.memoryShare(),
                l.memoryUsedBytes(), l.memoryTotalBytes(), l.heapUsedBytes(), l.heapMaxBytes(), l.activeConnections(),
                l.requestsPerSecond());
        }

        /** A share the node could not measure is negative: null in JSON. */
        private static Double known(double share) {
            return share < 0 ? null : share;
        }
    }

    static MembersView of(ClusterAdmin.Status status, List<ClusterNode> nodes) {
        return new MembersView(status.clusterName(), status.joined(), status.joined() ? null : status.offReason(),
            GroupView.of(status.view()), nodes.stream().map(n -> Member.of(n, status)).toList());
    }
}
