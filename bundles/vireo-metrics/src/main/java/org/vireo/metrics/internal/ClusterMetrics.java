package org.vireo.metrics.internal;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.NodeRegistry;

/**
 * The cluster as this node sees it: each member, whether it still reports, and whether it holds the same
 * replicated documents as this node (config sync).
 */
@Component(service = VireoCollector.class)
public class ClusterMetrics implements VireoCollector {

    @Reference
    private NodeRegistry registry;

    @Override
    public void collect(Families f) {
        collect(f, registry.nodes());
    }

    static void collect(Families f, List<ClusterNode> nodes) {
        Optional<ClusterNode> self = nodes.stream().filter(ClusterNode::self).findFirst();
        for (ClusterNode n : nodes) {
            f.gauge("vireo_cluster_member_up", "1 while the member reports (0: stale, no report for 2.5 s)")
                .add(!n.stale(), "node", n.name(), "role", n.role());
            f.gauge("vireo_cluster_member_last_seen_seconds", "When the member's last report arrived (Unix time)")
                .add(n.lastSeen().toEpochMilli() / 1000.0, "node", n.name(), "role", n.role());
            self.ifPresent(s -> f.gauge("vireo_cluster_member_config_in_sync",
                    "1 when the member holds the same replicated documents as this node")
                .add(n.configState() == s.configState(), "node", n.name(), "role", n.role()));
        }
        f.gauge("vireo_cluster_members", "Members this node knows, stale ones included").add(nodes.size());
        self.ifPresent(s -> f.gauge("vireo_cluster_members_out_of_sync",
                "Members that report and hold other replicated documents than this node")
            .add(nodes.stream().filter(n -> !n.stale() && n.configState() != s.configState()).count()));
        self.ifPresent(s -> f.gauge("vireo_cluster_documents_out_of_sync",
                "Replicated documents of which a member that reports holds another version than this node, or none")
            .add(documentsOutOfSync(s, nodes)));
    }

    /**
     * The documents, held here or by a reporting member, of which some reporting member's version is not this node's.
     * A member of Vireo before 0.6 reports no versions: it counts only when its fingerprint differs, and then for
     * every document.
     */
    static long documentsOutOfSync(ClusterNode self, List<ClusterNode> nodes) {
        Set<String> differing = new HashSet<>();
        for (ClusterNode n : nodes) {
            if (n.self() || n.stale() || n.documentVersions().isEmpty() && n.configState() == self.configState()) {
                continue;
            }
            Set<String> ids = new HashSet<>(self.documentVersions().keySet());
            ids.addAll(n.documentVersions().keySet());
            for (String id : ids) {
                if (!Objects.equals(self.documentVersions().get(id), n.documentVersions().get(id))) {
                    differing.add(id);
                }
            }
        }
        return differing.size();
    }
}
