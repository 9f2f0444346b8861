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
     * @param elsewhere each other member's version of it, as that member last reported (every second)
     * @param sameOnEveryMember every member that reports holds this node's version ({@code elsewhere} says which
     *                          do not); false for a moment after a change, until the members' next reports
     */
    public record Document(String document, EditView current, int edits, int lost, boolean applied,
                           List<MemberVersion> elsewhere, boolean sameOnEveryMember) {

        static Document of(ClusterAdmin.Status s, ClusterAdmin.DocumentState d) {
            List<MemberVersion> elsewhere = s.versionsElsewhere(d).stream().map(MemberVersion::of).toList();
            return new Document(d.id(), EditView.of(d.current()), d.edits(), d.lost(), d.applied(), elsewhere,
                elsewhere.stream().allMatch(m -> m.same() || m.stale()));
        }
    }

    /**
     * A member's version of a document.
     *
     * @param version null when the member holds none (or runs Vireo older than 0.6, which does not report versions)
     * @param stale   the member has not reported for 2.5 s: its version may be out of date
     * @param same    its version is this node's
     */
    public record MemberVersion(String node, String version, boolean stale, boolean same) {

        static MemberVersion of(ClusterAdmin.MemberVersion m) {
            return new MemberVersion(m.node(), m.version().map(Object::toString).orElse(null), m.stale(), m.same());
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
            s.documents().stream().map(d -> Document.of(s, d)).toList(), Pending.of(s.refusedLocal()),
            Pending.of(s.unapplied()), s.unvalidated(), new TlsRefusals(s.refusalCount(), s.refusals()));
    }
}
