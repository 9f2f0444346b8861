package org.vireo.cluster.internal.node;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.internal.channel.ClusterView;
import org.vireo.cluster.internal.sync.DocumentRecord;
import org.vireo.cluster.internal.sync.Edit;

/** What the shell commands (and the config-event listener) ask of this node's cluster component. */
public interface ClusterAdmin {

    /** This node's view of the cluster and of its documents, taken on the sync thread (consistent). */
    Status status();

    /** A document's record, if this node has one. */
    Optional<DocumentRecord> record(String id);

    /** Every record that holds a lost edit. */
    List<DocumentRecord> conflicts();

    /** The record in which the edit of this version lost a conflict, if this node keeps that edit's content. */
    default Optional<DocumentRecord> keptLoser(DocumentVersion version) {
        return conflicts().stream()
            .filter(r -> r.lostEdit(version).isPresent() && r.contentOf(version).isPresent()).findFirst();
    }

    /** Runs anti-entropy now; returns once the digest is sent. */
    void sync();

    /** A replicated document may have changed on this node (a configuration event, a file event). */
    void localChanged(String id);

    /**
     * @param node          this node
     * @param clusterName   the cluster's name
     * @param joined        whether the channel runs (false: the cluster is off; {@code offReason} says why)
     * @param offReason     why the cluster is off, or empty
     * @param view          the current view
     * @param refusals      recent TLS refusals, newest last (time, peer, reason)
     * @param refusalCount  TLS peers refused since the channel started
     * @param documents     every document this node holds a record of
     * @param refusedLocal  local changes refused by validation (never sent): document -> why
     * @param unapplied     records that failed to apply here: document -> error
     * @param lastSync      the last anti-entropy exchange
     * @param lastChange    the last change of any record
     * @param fingerprint   of all records: equal on nodes in sync
     * @param unvalidated   replicated patterns no validator on this node covers (their documents are refused here)
     * @param members       the registry's nodes, this one included, with the document versions each reported
     */
    record Status(String node, String clusterName, boolean joined, String offReason, ClusterView view,
                  List<String> refusals, long refusalCount, List<DocumentState> documents, Map<String, String> refusedLocal,
                  Map<String, String> unapplied, Optional<Instant> lastSync, Optional<Instant> lastChange,
                  long fingerprint, List<String> unvalidated, List<ClusterNode> members) {

        public Status {
            members = List.copyOf(members);
        }

        /** Whether {@code member} holds the same edits of every replicated document as this node. */
        public boolean inSyncWith(ClusterNode member) {
            return member.configState() == fingerprint;
        }

        /**
         * Each other member's version of a document this node holds: the version that member last reported (empty
         * when it holds none or is older than API 0.6), and whether it is this node's.
         */
        public List<MemberVersion> versionsElsewhere(DocumentState document) {
            return members.stream().filter(m -> !m.self())
                .map(m -> {
                    Optional<DocumentVersion> theirs = Optional.ofNullable(m.documentVersions().get(document.id()));
                    return new MemberVersion(m.name(), theirs, m.stale(),
                        theirs.filter(document.current().version()::equals).isPresent());
                })
                .toList();
        }
    }

    /** A member's version of one document, as it last reported it. */
    record MemberVersion(String node, Optional<DocumentVersion> version, boolean stale, boolean same) {
    }

    /** One document on this node: its current edit, history length, lost edits, whether it is applied here. */
    record DocumentState(String id, Edit current, int edits, int lost, boolean applied) {
    }
}
