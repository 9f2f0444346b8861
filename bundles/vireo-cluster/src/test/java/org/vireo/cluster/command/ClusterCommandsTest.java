package org.vireo.cluster.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.vireo.cluster.internal.node.AdminFixtures.LOST;
import static org.vireo.cluster.internal.node.AdminFixtures.NOW;
import static org.vireo.cluster.internal.node.AdminFixtures.WON;
import static org.vireo.cluster.internal.node.AdminFixtures.conflicted;
import static org.vireo.cluster.internal.node.AdminFixtures.members;
import static org.vireo.cluster.internal.node.AdminFixtures.status;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.VersionedDocuments;
import org.vireo.cluster.internal.node.ClusterAdmin;
import org.vireo.cluster.internal.sync.DocumentRecord;

class ClusterCommandsTest {

    @Test
    void membersShowsRoleLoadServicesStalenessAndWhetherEachNodeIsInSync() {
        String out = MembersCommand.render(status(5), members(), NOW);

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
            .contains("yes").endsWith("| n3 1796020000000.0@n1 (stale), n4 none");
        assertThat(out).contains("Changes made here and refused (not sent to the cluster):")
            .contains("pid:org.vireo.health.monitor~web: port = '99999'");
        assertThat(out).contains("Replicated patterns no validator here covers:\n  pid:org.example.extra (not a"
            + " Vireo document: replicated unchecked)");
    }

    @Test
    void statusSaysSameWhenEveryOtherMemberHoldsThisNodesVersion() {
        ClusterAdmin.Status s = status(5);
        ClusterAdmin.Status agreed = new ClusterAdmin.Status(s.node(), s.clusterName(), true, "", s.view(), List.of(),
            0, s.documents(), Map.of(), Map.of(), s.lastSync(), s.lastChange(), 5, List.of(), members().subList(0, 2));

        assertThat(line(StatusCommand.render(agreed), "file:vireo/rules.conf")).endsWith(" same");
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

    @Test
    void resolveSaysWhichEditWasKeptAndTheDocumentsNewVersion() {
        DocumentVersion resolution = new DocumentVersion(1796020000009L, 0, "n1");

        assertThat(ResolveCommand.describe(new VersionedDocuments.Resolution("file:vireo/rules.conf", LOST, WON,
            resolution))).isEqualTo("Conflict of file:vireo/rules.conf resolved: kept the lost edit 1796020000000.0@n1"
            + " (in place of 1796020000005.0@n2); the document is at version 1796020000009.0@n1, sent to every member");
        assertThat(ResolveCommand.describe(new VersionedDocuments.Resolution("file:vireo/rules.conf", WON, WON,
            resolution))).startsWith("Conflict of file:vireo/rules.conf resolved: kept the winner 1796020000005.0@n2;");
    }

    private static String line(String out, String containing) {
        return out.lines().filter(l -> l.contains(containing)).findFirst()
            .orElseThrow(() -> new AssertionError("no line with " + containing + " in\n" + out));
    }
}
