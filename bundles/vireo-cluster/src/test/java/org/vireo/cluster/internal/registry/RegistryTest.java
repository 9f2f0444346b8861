package org.vireo.cluster.internal.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.DataInputStream;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.NodeLoad;
import org.vireo.cluster.internal.sync.SyncMessages;

class RegistryTest {

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final Registry registry = new Registry("n1", nanos::get, () -> Instant.ofEpochSecond(nanos.get() / 1_000_000_000L),
        Duration.ofSeconds(3));

    private static NodeReport report(String name, int connections) {
        return new NodeReport(name, "scanner", "10.0.0.2", "0.1.0", Map.of(),
            Optional.of(new NodeLoad(Instant.EPOCH, 0.5, 0.6, 1, 2, 3, 4, connections, 10.0)), 42, Map.of());
    }

    private void advanceMillis(long ms) {
        nanos.addAndGet(ms * 1_000_000L);
        registry.tick();
    }

    @Test
    void aNodeThatStopsReportingTurnsStaleAfterTheLimitAndListenersHearOfIt() {
        List<List<ClusterNode>> heard = new ArrayList<>();
        registry.watch(heard::add);
        registry.reported(report("n1", 0));
        registry.reported(report("n2", 5));

        advanceMillis(2_900);
        assertThat(registry.node("n2").orElseThrow().stale()).isFalse();
        int before = heard.size();
        advanceMillis(200);

        assertThat(registry.node("n2").orElseThrow().stale()).isTrue();
        assertThat(registry.node("n1").orElseThrow().stale()).as("this node is never stale to itself").isFalse();
        assertThat(heard).hasSizeGreaterThan(before);
        assertThat(heard.get(heard.size() - 1)).filteredOn(ClusterNode::stale).extracting(ClusterNode::name)
            .containsExactly("n2");
    }

    @Test
    void aNodeLeavingTheViewIsStaleAtOnceAndFreshAgainWhenItReports() {
        registry.reported(report("n2", 5));
        registry.view(Set.of("n1"));
        assertThat(registry.node("n2").orElseThrow().stale()).isTrue();

        registry.view(Set.of("n1", "n2"));
        registry.reported(report("n2", 7));

        ClusterNode n2 = registry.node("n2").orElseThrow();
        assertThat(n2.stale()).isFalse();
        assertThat(n2.load().orElseThrow().activeConnections()).isEqualTo(7);
    }

    @Test
    void membersJoinWithTheirFirstReport_andLeaveByTheViewOrSilence_andJoinAgainWhenTheyReport() {
        List<String> told = new ArrayList<>();
        registry.membership(m -> told.add(m.node() + (m.joined() ? " joined: " : " left: ") + m.reason()));
        registry.reported(report("n1", 0)); // this node: not a member joining
        registry.reported(report("n2", 5));
        registry.reported(report("n3", 5));

        registry.view(Set.of("n1", "n3"));
        advanceMillis(3_100);
        registry.view(Set.of("n1", "n2", "n3"));
        registry.reported(report("n2", 6));

        assertThat(told).containsExactly("n2 joined: its first report", "n3 joined: its first report",
            "n2 left: it left the cluster's view", "n3 left: no report since 1970-01-01T00:00:01Z",
            "n2 joined: it reports again");
    }

    @Test
    void aReportReadsBackAsItWasSent() throws IOException {
        NodeReport r = new NodeReport("n3", "director+scan", "192.0.2.3", "0.1.0.SNAPSHOT",
            Map.of("vip1", "MASTER", "vip2", "BACKUP"),
            Optional.of(new NodeLoad(Instant.ofEpochMilli(1234), 0.25, -1, 10, 20, 30, 40, 50, 60.5)), -7,
            Map.of("vireo-proxy", "http://192.0.2.3:8480/vireo/login"));

        DataInputStream in = SyncMessages.input(r.encode());
        assertThat(in.readByte()).isEqualTo(SyncMessages.STATUS);
        assertThat(NodeReport.read(in)).isEqualTo(r);
    }

    @Test
    void aReportOfANodeWithoutServicesEndsAtItsConfigStateAndReadsAsOfferingNone() throws IOException {
        NodeReport r = new NodeReport("n4", "scanner", "192.0.2.4", "0.1.0", Map.of(), Optional.empty(), 9,
            Map.of("vireo-proxy", "http://192.0.2.4:8480/"));
        byte[] full = r.encode();
        // API 0.1 nodes send no services: the same message cut after the config state (a count is 2 bytes; the
        // last 4 are the empty lists of virtual addresses of API 0.3 and of document versions of API 0.6)
        byte[] old = java.util.Arrays.copyOf(full, full.length - 4 - (2 + 2 + "vireo-proxy".length() + 2
            + "http://192.0.2.4:8480/".length()));

        DataInputStream in = SyncMessages.input(old);
        in.readByte();
        NodeReport read = NodeReport.read(in);
        assertThat(read.configState()).isEqualTo(9);
        assertThat(read.services()).isEmpty();
    }

    @Test
    void virtualAddressesReadBackAndANodeOfApi02ReportsNone() throws IOException {
        NodeReport r = new NodeReport("n5", "backup", "192.0.2.5", "0.3.0", Map.of("vip1", "BACKUP"),
            Optional.empty(), 3, Map.of(), List.of("192.0.2.100", "2001:db8::100"));
        byte[] full = r.encode();
        byte[] api02 = java.util.Arrays.copyOf(full, full.length - 2 - (2 + 2 + "192.0.2.100".length() + 2
            + "2001:db8::100".length()));

        DataInputStream in = SyncMessages.input(full);
        in.readByte();
        assertThat(NodeReport.read(in)).isEqualTo(r);
        DataInputStream old = SyncMessages.input(api02);
        old.readByte();
        assertThat(NodeReport.read(old).virtualAddresses()).isEmpty();
        registry.reported(r);
        assertThat(registry.node("n5").orElseThrow().virtualAddresses()).containsExactly("192.0.2.100",
            "2001:db8::100");
    }

    @Test
    void documentVersionsReadBackAndANodeOfApi03ReportsNone() throws IOException {
        Map<String, DocumentVersion> versions = Map.of(
            "file:vireo/rules.conf", new DocumentVersion(1796020000005L, 65535, "n2"),
            "pid:org.vireo.balancer", new DocumentVersion(0, 0, "n1"));
        NodeReport r = new NodeReport("n6", "scanner", "192.0.2.6", "0.6.0", Map.of(), Optional.empty(), 3,
            Map.of(), List.of(), versions);
        byte[] full = r.encode();
        byte[] api03 = java.util.Arrays.copyOf(full, full.length - 2 - (2 + "file:vireo/rules.conf".length() + 8 + 2
            + 2 + "n2".length()) - (2 + "pid:org.vireo.balancer".length() + 8 + 2 + 2 + "n1".length()));

        DataInputStream in = SyncMessages.input(full);
        in.readByte();
        assertThat(NodeReport.read(in)).isEqualTo(r);
        DataInputStream old = SyncMessages.input(api03);
        old.readByte();
        assertThat(NodeReport.read(old)).isEqualTo(new NodeReport("n6", "scanner", "192.0.2.6", "0.6.0", Map.of(),
            Optional.empty(), 3, Map.of(), List.of()));
        registry.reported(r);
        assertThat(registry.node("n6").orElseThrow().documentVersions()).isEqualTo(versions);
    }

    @Test
    void aDocumentVersionThatIsNoVersionIsRefusedWithAnIoExceptionNamingTheDocument() {
        byte[] good = new NodeReport("n7", "scanner", "192.0.2.7", "0.6.0", Map.of(), Optional.empty(), 3, Map.of(),
            List.of(), Map.of("pid:x", new DocumentVersion(1, 0, "n7"))).encode();
        byte[] bad = good.clone();
        bad[bad.length - 1] = '/'; // the version's node, "n7" -> "n/"

        DataInputStream in = SyncMessages.input(bad);

        assertThatThrownBy(() -> {
            in.readByte();
            NodeReport.read(in);
        }).isInstanceOf(IOException.class).hasMessageContaining("status of n7: document pid:x: version node 'n/'");
    }

    @Test
    void theRegistryCarriesTheServicesANodeOffers() {
        registry.reported(new NodeReport("n2", "scanner", "10.0.0.2", "0.2.0", Map.of(), Optional.empty(), 1,
            Map.of("vireo-proxy", "http://10.0.0.2:8480/vireo/login")));
        assertThat(registry.node("n2").orElseThrow().services())
            .containsExactly(Map.entry("vireo-proxy", "http://10.0.0.2:8480/vireo/login"));
    }
}
