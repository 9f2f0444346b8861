package org.vireo.cluster.internal.node;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.NodeLoad;
import org.vireo.cluster.internal.channel.ClusterView;
import org.vireo.cluster.internal.sync.DocumentRecord;
import org.vireo.cluster.internal.sync.Edit;
import org.vireo.cluster.internal.sync.VersionVector;

/** A node's cluster state as the commands and the API read it: one conflicted document, refusals, pending changes. */
public final class AdminFixtures {

    public static final Instant NOW = Instant.parse("2026-11-30T08:00:00Z");
    /** The edit that lost in {@link #conflicted()}, and the one that won. */
    public static final DocumentVersion LOST = new DocumentVersion(1796020000000L, 0, "n1");
    public static final DocumentVersion WON = new DocumentVersion(1796020000005L, 0, "n2");

    private AdminFixtures() {
    }

    private static Edit edit(DocumentVersion v, VersionVector before, String content) {
        byte[] b = content.getBytes(StandardCharsets.UTF_8);
        return new Edit(v, before.with(v), false, DocumentRecord.digest(b), b.length);
    }

    private static DocumentRecord after(DocumentRecord r, DocumentVersion v, String content) {
        return r.with(edit(v, r.seenByNextEdit(), content), content.getBytes(StandardCharsets.UTF_8));
    }

    /** rules.conf edited on both sides of a partition: n2's edit "right\n" (the higher version) won, n1's "left\n" lost. */
    public static DocumentRecord conflicted() {
        DocumentVersion base = new DocumentVersion(0, 0, "n1");
        DocumentRecord r = DocumentRecord.first("file:vireo/rules.conf", edit(base, VersionVector.EMPTY, "base\n"),
            "base\n".getBytes(StandardCharsets.UTF_8));
        return after(r, LOST, "left\n").merge(after(r, WON, "right\n"));
    }

    /**
     * The registry of n1 (fingerprint 5): itself, a director; n2, a scanner with its load and services, in sync (it
     * holds {@link #conflicted()}'s winner); n3, stale and out of sync (it still holds the losing edit); n4, of
     * Vireo 0.5, which reports no versions.
     */
    public static List<ClusterNode> members() {
        NodeLoad load = new NodeLoad(NOW, 0.42, 0.5, 1, 2, 600, 1000, 17, 230);
        String rules = conflicted().id();
        return List.of(
            new ClusterNode("n1", "director", "10.0.0.1", "0.1.0", Map.of("vip1", "MASTER"), Optional.empty(),
                NOW, false, true, 5, Map.of(), List.of(), Map.of(rules, WON)),
            new ClusterNode("n2", "scanner", "10.0.0.2", "0.1.0", Map.of(), Optional.of(load), NOW.minusMillis(800),
                false, false, 5, Map.of("vireo-proxy", "https://10.0.0.2:8480/vireo/login", "ftp", "ftp://10.0.0.2"),
                List.of(), Map.of(rules, WON)),
            new ClusterNode("n3", "scanner", "10.0.0.3", "0.1.0", Map.of(), Optional.empty(), NOW.minusSeconds(12),
                true, false, 9, Map.of(), List.of(), Map.of(rules, LOST)),
            new ClusterNode("n4", "scanner", "10.0.0.4", "0.0.9", Map.of(), Optional.empty(), NOW.minusMillis(300),
                false, false, 5));
    }

    /** Node n1 of cluster "lab", in view 7 with n2, holding {@link #conflicted()}. */
    public static ClusterAdmin.Status status(long fingerprint) {
        DocumentRecord r = conflicted();
        return new ClusterAdmin.Status("n1", "lab", true, "", new ClusterView(7, List.of("n1", "n2"), "n1", false),
            List.of("2026-11-30T07:59:00Z 10.0.0.3:7800 (CN=n3, O=Vireo): certificate of CN=n3 is not signed by this"
                + " cluster's CA"), 3,
            List.of(new ClusterAdmin.DocumentState(r.id(), r.current(), r.history().size(), r.losers().size(), true)),
            Map.of("pid:org.vireo.health.monitor~web", "port = '99999': expected 1-65535"),
            Map.of(), Optional.of(NOW), Optional.of(NOW), fingerprint,
            List.of("pid:org.example.extra (not a Vireo document: replicated unchecked)"), members());
    }
}
