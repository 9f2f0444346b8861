package org.vireo.cluster.internal.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.vireo.cluster.internal.node.AdminFixtures.LOST;
import static org.vireo.cluster.internal.node.AdminFixtures.WON;
import static org.vireo.cluster.internal.node.AdminFixtures.conflicted;
import static org.vireo.cluster.internal.node.AdminFixtures.members;
import static org.vireo.cluster.internal.node.AdminFixtures.status;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.NodeLoad;
import org.vireo.cluster.testing.FixedRegistry;
import org.vireo.cluster.internal.channel.ClusterView;
import org.vireo.cluster.internal.node.ClusterAdmin;
import org.vireo.cluster.internal.sync.DocumentRecord;

class ClusterResourceTest {

    /** A cluster component that answers with what it was given. */
    private record FixedAdmin(Status status, List<DocumentRecord> conflicts) implements ClusterAdmin {

        @Override
        public Optional<DocumentRecord> record(String id) {
            return conflicts.stream().filter(r -> r.id().equals(id)).findFirst();
        }

        @Override
        public void sync() {
            throw new UnsupportedOperationException("no route syncs");
        }

        @Override
        public void localChanged(String id) {
            throw new UnsupportedOperationException("no route changes a document");
        }
    }


    private static ClusterResource resource(ClusterAdmin.Status status, List<ClusterNode> nodes) {
        ClusterResource r = new ClusterResource();
        r.cluster = new FixedAdmin(status, List.of(conflicted()));
        r.registry = new FixedRegistry(nodes);
        return r;
    }

    @Test
    void membersNameEachNodeWithItsRoleLoadAndWhetherItHoldsThisNodesDocuments() {
        MembersView view = resource(status(5), members()).members();

        assertThat(view.clusterName()).isEqualTo("lab");
        assertThat(view.joined()).isTrue();
        assertThat(view.offReason()).isNull();
        assertThat(view.view()).isEqualTo(new GroupView(7, List.of("n1", "n2"), "n1", false));
        assertThat(view.members()).extracting(MembersView.Member::name).containsExactly("n1", "n2", "n3", "n4");
        MembersView.Member self = view.members().get(0);
        assertThat(self.self()).isTrue();
        assertThat(self.inSync()).as("this node is its own reference").isNull();
        assertThat(self.vrrpStates()).isEqualTo(Map.of("vip1", "MASTER"));
        assertThat(self.load()).isNull();
        MembersView.Member scanner = view.members().get(1);
        assertThat(scanner.inSync()).isTrue();
        assertThat(scanner.lastSeen()).isEqualTo("2026-11-30T07:59:59.200Z");
        assertThat(scanner.services()).containsEntry("vireo-proxy", "https://10.0.0.2:8480/vireo/login");
        assertThat(scanner.load()).isEqualTo(new MembersView.Load("2026-11-30T08:00:00Z", 0.42, 0.5, 0.6, 600, 1000,
            1, 2, 17, 230));
        MembersView.Member gone = view.members().get(2);
        assertThat(gone.stale()).isTrue();
        assertThat(gone.inSync()).isFalse();
    }

    @Test
    void aLoadTheNodeCouldNotMeasureAndAnAddressItHasNotAreNull_andAClusterThatIsOffSaysWhy() {
        ClusterNode scanner = new ClusterNode("n2", "scanner", "", "0.1.0", Map.of(),
            Optional.of(new NodeLoad(Instant.EPOCH, -1, -1, 1, 2, 0, 0, 0, 0)), Instant.EPOCH, false, true, 5);
        ClusterAdmin.Status s = status(5);
        ClusterAdmin.Status off = new ClusterAdmin.Status("n2", "lab", false, "no bindAddress in org.vireo.cluster",
            new ClusterView(0, List.of("n2"), "n2", false), List.of(), 0, List.of(), Map.of(), Map.of(),
            Optional.empty(), Optional.empty(), s.fingerprint(), List.of(), List.of(scanner));

        MembersView view = resource(off, List.of(scanner)).members();

        assertThat(view.offReason()).isEqualTo("no bindAddress in org.vireo.cluster");
        assertThat(view.members().get(0).address()).isNull();
        MembersView.Load load = view.members().get(0).load();
        assertThat(load.processCpu()).isNull();
        assertThat(load.systemCpu()).isNull();
        assertThat(load.memory()).isZero();
        SyncView sync = resource(off, List.of(scanner)).sync();
        assertThat(sync.lastSync()).isNull();
        assertThat(sync.lastChange()).isNull();
    }

    @Test
    void syncShowsEachDocumentsVersionWhatIsPendingAndTheFingerprintInHex() {
        SyncView sync = resource(status(0x2a), members()).sync();

        assertThat(sync.node()).isEqualTo("n1");
        assertThat(sync.fingerprint()).isEqualTo("2a");
        assertThat(sync.lastSync()).isEqualTo("2026-11-30T08:00:00Z");
        assertThat(sync.documents()).hasSize(1);
        SyncView.Document rules = sync.documents().get(0);
        assertThat(rules.document()).isEqualTo("file:vireo/rules.conf");
        assertThat(rules.current().version()).isEqualTo(WON.toString());
        assertThat(rules.current().madeAt()).isEqualTo(Instant.ofEpochMilli(WON.millis()).toString());
        assertThat(rules.current().sizeBytes()).isEqualTo(6);
        assertThat(rules.current().sha256()).hasSize(64).isEqualTo(
            HexFormat.of().formatHex(DocumentRecord.digest("right\n".getBytes(StandardCharsets.UTF_8))));
        assertThat(rules.edits()).isEqualTo(3);
        assertThat(rules.lost()).isEqualTo(1);
        assertThat(rules.applied()).isTrue();
        assertThat(rules.elsewhere()).containsExactly(
            new SyncView.MemberVersion("n2", WON.toString(), false, true),
            new SyncView.MemberVersion("n3", LOST.toString(), true, false),
            new SyncView.MemberVersion("n4", null, false, false));
        assertThat(rules.sameOnEveryMember()).as("n4 reports no version of it").isFalse();
        assertThat(sync.refusedHere()).containsExactly(new SyncView.Pending("pid:org.vireo.health.monitor~web",
            "port = '99999': expected 1-65535"));
        assertThat(sync.notAppliedHere()).isEmpty();
        assertThat(sync.unvalidated()).containsExactly(
            "pid:org.example.extra (not a Vireo document: replicated unchecked)");
        assertThat(sync.tlsRefusals().sinceStart()).isEqualTo(3);
        assertThat(sync.tlsRefusals().recent()).singleElement().asString().contains("CN=n3");
    }

    @Test
    void aDocumentIsTheSameOnEveryMemberWhenOnlyAStaleOneDiffers() {
        ClusterAdmin.Status s = status(5);
        ClusterAdmin.Status withoutN4 = new ClusterAdmin.Status(s.node(), s.clusterName(), true, "", s.view(),
            List.of(), 0, s.documents(), Map.of(), Map.of(), s.lastSync(), s.lastChange(), 5, List.of(),
            members().subList(0, 3));

        SyncView.Document rules = resource(withoutN4, members()).sync().documents().get(0);

        assertThat(rules.elsewhere()).extracting(SyncView.MemberVersion::node).containsExactly("n2", "n3");
        assertThat(rules.sameOnEveryMember()).as("n3 is stale").isTrue();
    }

    @Test
    void aConflictShowsTheWinnerAndEachLostEdit_whoseContentIsReadByItsVersion() {
        ClusterResource resource = resource(status(5), members());

        List<ConflictView> conflicts = resource.conflicts();

        assertThat(conflicts).singleElement().satisfies(c -> {
            assertThat(c.document()).isEqualTo("file:vireo/rules.conf");
            assertThat(c.winner().version()).isEqualTo(WON.toString());
            assertThat(c.lost()).singleElement().satisfies(l -> {
                assertThat(l.edit().version()).isEqualTo(LOST.toString());
                assertThat(l.edit().deleted()).isFalse();
                assertThat(l.contentKept()).isTrue();
            });
        });
        DocumentRecord kept = resource.cluster.keptLoser(LOST).orElseThrow();
        assertThat(ClusterResource.LostContent.of(kept, LOST))
            .isEqualTo(new ClusterResource.LostContent("file:vireo/rules.conf", LOST.toString(), false, "left\n"));
        assertThat(resource.cluster.keptLoser(WON)).as("the winner lost nothing").isEmpty();
        assertThat(resource.cluster.keptLoser(new DocumentVersion(0, 0, "n1")))
            .as("a node's initial document never counts as lost").isEmpty();
    }
}
