package org.vireo.cluster.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.NodeLoad;
import org.vireo.cluster.internal.channel.ClusterView;
import org.vireo.cluster.internal.node.ClusterAdmin;
import org.vireo.cluster.internal.sync.DocumentRecord;
import org.vireo.cluster.internal.sync.Edit;
import org.vireo.cluster.internal.sync.VersionVector;

class ClusterCommandsTest {

    private static final Instant NOW = Instant.parse("2026-11-30T08:00:00Z");

    private static Edit edit(DocumentVersion v, VersionVector before, String content) {
        byte[] b = content.getBytes(StandardCharsets.UTF_8);
        return new Edit(v, before.with(v), false, DocumentRecord.digest(b), b.length);
    }

    private static DocumentRecord after(DocumentRecord r, DocumentVersion v, String content) {
        return r.with(edit(v, r.seenByNextEdit(), content), content.getBytes(StandardCharsets.UTF_8));
    }

    /** rules.conf edited on both sides of a partition: n2's edit (the higher version) won, n1's lost. */
    private static DocumentRecord conflicted() {
        DocumentVersion base = new DocumentVersion(0, 0, "n1");
        DocumentRecord r = DocumentRecord.first("file:vireo/rules.conf", edit(base, VersionVector.EMPTY, "base\n"),
            "base\n".getBytes(StandardCharsets.UTF_8));
        return after(r, new DocumentVersion(1796020000000L, 0, "n1"), "left\n")
            .merge(after(r, new DocumentVersion(1796020000005L, 0, "n2"), "right\n"));
    }

    private static ClusterAdmin.Status status(long fingerprint) {
        DocumentRecord r = conflicted();
        return new ClusterAdmin.Status("n1", "lab", true, "", new ClusterView(7, List.of("n1", "n2"), "n1", false),
            List.of("2026-11-30T07:59:00Z 10.0.0.3:7800 (CN=n3, O=Vireo): certificate of CN=n3 is not signed by this"
                + " cluster's CA"), 3,
            List.of(new ClusterAdmin.DocumentState(r.id(), r.current(), r.history().size(), r.losers().size(), true)),
            Map.of("pid:org.vireo.health.monitor~web", "port = '99999': expected 1-65535"),
            Map.of(), Optional.of(NOW), Optional.of(NOW), fingerprint,
            List.of("pid:org.example.extra (not a Vireo document: replicated unchecked)"));
    }

    @Test
    void membersShowsRoleLoadServicesStalenessAndWhetherEachNodeIsInSync() {
        NodeLoad load = new NodeLoad(NOW, 0.42, 0.5, 1, 2, 600, 1000, 17, 230);
        List<ClusterNode> nodes = List.of(
            new ClusterNode("n1", "director", "10.0.0.1", "0.1.0", Map.of("vip1", "MASTER"), Optional.empty(),
                NOW, false, true, 5),
            new ClusterNode("n2", "scanner", "10.0.0.2", "0.1.0", Map.of(), Optional.of(load), NOW.minusMillis(800),
                false, false, 5, Map.of("vireo-proxy", "https://10.0.0.2:8480/vireo/login", "ftp", "ftp://10.0.0.2")),
            new ClusterNode("n3", "scanner", "10.0.0.3", "0.1.0", Map.of(), Optional.empty(), NOW.minusSeconds(12),
                true, false, 9));

        String out = MembersCommand.render(status(5), nodes, NOW);

        assertThat(out).contains("Cluster lab: view 7 of 2 member(s), coordinator n1");
        assertThat(line(out, "n1 (this node)")).contains("director").contains("vip1=MASTER").contains("up");
        assertThat(line(out, "n2")).contains("42 %").contains("60 %").contains("17").contains("230")
            .contains("ftp vireo-proxy").doesNotContain("https://").contains("0.8 s ago").contains("up").contains("yes");
        assertThat(out.lines().filter(l -> l.contains("vireo-proxy")).count()).as("only n2 offers it").isEqualTo(1);
        assertThat(line(out, "n3")).contains("STALE").contains("12 s ago").contains("no");
    }

    @Test
    void statusShowsDocumentsRefusalsAndPendingChanges() {
        String out = StatusCommand.render(status(0x2a));

        assertThat(out).contains("Cluster:     lab").contains("Fingerprint: 2a")
            .contains("TLS refusals: 3 since start, the last 1 (newest last):");
        assertThat(line(out, "10.0.0.3:7800")).startsWith("  2026-11-30T07:59:00Z").contains("CN=n3");
        assertThat(line(out, "file:vireo/rules.conf")).contains("1796020000005.0@n2").contains("6 bytes")
            .contains("yes");
        assertThat(out).contains("Changes made here and refused (not sent to the cluster):")
            .contains("pid:org.vireo.health.monitor~web: port = '99999'");
        assertThat(out).contains("Replicated patterns no validator here covers:\n  pid:org.example.extra (not a"
            + " Vireo document: replicated unchecked)");
    }

    @Test
    void historyAndConflictsNameTheLostEditWhichKeepsItsContent() {
        DocumentRecord r = conflicted();

        String history = HistoryCommand.render(r);
        String conflicts = ConflictsCommand.render(List.of(r));

        assertThat(line(history, "1796020000005.0@n2")).contains("current");
        assertThat(line(history, "1796020000000.0@n1")).contains("LOST");
        assertThat(line(history, "first start")).startsWith("0.0@n1 ").contains("initial, replaced");
        assertThat(line(conflicts, "1796020000000.0@n1")).contains("file:vireo/rules.conf")
            .contains("1796020000005.0@n2").contains("yes");
        assertThat(ConflictsCommand.render(List.of())).contains("No conflicts");
    }

    private static String line(String out, String containing) {
        return out.lines().filter(l -> l.contains(containing)).findFirst()
            .orElseThrow(() -> new AssertionError("no line with " + containing + " in\n" + out));
    }
}
