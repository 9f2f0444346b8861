package org.vireo.cluster.internal.rest;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.vireo.cluster.internal.node.ClusterAdmin;

/**
 * {@code GET /api/v1/cluster/sync}: what {@code cluster:status} shows of config sync on this node.
 *
 * @param offReason      why the cluster is off; null while it runs
 * @param lastSync       the last anti-entropy exchange; null if none yet
 * @param lastChange     the last change of any document; null if none since the start
 * @param fingerprint    of every document's edits, in hex (a string: JSON numbers lose 64-bit precision): equal on
 *                       nodes in sync ({@code inSync} of {@code /cluster/members})
 * @param refusedHere    changes made on this node that its validators refused: never sent to the cluster
 * @param notAppliedHere the cluster's versions this node does not apply: held back because its validators refuse
 *                       them (it keeps its own configuration), or failed to apply; retried at each anti-entropy
 *                       round
 * @param unvalidated    replicated patterns no validator on this node covers
 */
public record SyncView(String node, String clusterName, boolean joined, String offReason, GroupView view,
                       String lastSync, String lastChange, String fingerprint, List<Document> documents,
                       List<Pending> refusedHere, List<Pending> notAppliedHere, List<String> unvalidated,
                       TlsRefusals tlsRefusals) {

    /**
     * A replicated document this node holds a record of.
     *
     * @param current the edit in force in the cluster
     * @param edits   the edits remembered (the newest 64)
     * @param lost    of which lost a conflict ({@code /cluster/conflicts})
     * @param applied the current edit is in force on this node
     */
    public record Document(String document, EditView current, int edits, int lost, boolean applied) {

        static Document of(ClusterAdmin.DocumentState d) {
            return new Document(d.id(), EditView.of(d.current()), d.edits(), d.lost(), d.applied());
        }
    }

    /** A document and why it is pending. */
    public record Pending(String document, String reason) {

        static List<Pending> of(Map<String, String> reasons) {
            return reasons.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .map(e -> new Pending(e.getKey(), e.getValue())).toList();
        }
    }

    /**
     * Peers refused at the cluster's TLS handshake (no certificate, one not of this cluster's CA, expired, no TLS).
     *
     * @param sinceStart refused since the channel started
     * @param recent     the last 16, oldest first: time, peer, reason
     */
    public record TlsRefusals(long sinceStart, List<String> recent) {
    }

    static SyncView of(ClusterAdmin.Status s) {
        return new SyncView(s.node(), s.clusterName(), s.joined(), s.joined() ? null : s.offReason(),
            GroupView.of(s.view()), s.lastSync().map(Instant::toString).orElse(null),
            s.lastChange().map(Instant::toString).orElse(null), Long.toHexString(s.fingerprint()),
            s.documents().stream().map(Document::of).toList(), Pending.of(s.refusedLocal()),
            Pending.of(s.unapplied()), s.unvalidated(), new TlsRefusals(s.refusalCount(), s.refusals()));
    }
}
