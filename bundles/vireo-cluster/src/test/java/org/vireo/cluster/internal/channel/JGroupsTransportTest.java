package org.vireo.cluster.internal.channel;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;

import org.jgroups.protocols.DISCARD;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.cluster.internal.tls.ClusterCa;

/**
 * Real JGroups members in this JVM, over real TLS on 127.0.0.1, with certificates made by ClusterCa. Timings are
 * shortened (join 1 s, heartbeat 0.2 s, suspicion after 1 s + 0.5 s verification, MERGE3 every 0.5-1 s).
 */
class JGroupsTransportTest {

    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    Path dir;

    private TestChannels channels;
    private int n1Port;
    private final List<JGroupsTransport> started = new ArrayList<>();
    private final List<TcpRelay> relays = new ArrayList<>();

    @BeforeEach
    void clusterCas() {
        channels = new TestChannels(dir);
    }

    @AfterEach
    void closeAll() throws IOException {
        CompletableFuture.allOf(started.stream().map(t -> CompletableFuture.runAsync(t::close))
            .toArray(CompletableFuture[]::new)).join(); // in parallel: each leave may wait for its leave timeout
        for (TcpRelay relay : relays) {
            relay.close();
        }
    }

    private ChannelSettings settings(String name, String caFolder, int port, List<Integer> memberPorts,
                                     Map<String, Object> extra) {
        return channels.settings(name, caFolder, port, memberPorts, extra);
    }

    private record Member(String name, JGroupsTransport transport, Recorder events) {
    }

    private Member start(String name, String caFolder, int port, List<Integer> memberPorts) {
        return start(name, settings(name, caFolder, port, memberPorts, Map.of()));
    }

    private Member start(String name, ChannelSettings settings) {
        Recorder events = new Recorder();
        JGroupsTransport transport = new JGroupsTransport(name, settings, events);
        started.add(transport);
        transport.start();
        return new Member(name, transport, events);
    }

    private static ClusterView awaitView(Member m, int from, List<String> members) throws InterruptedException {
        return m.events().views.await(from, v -> v.members().size() == members.size()
            && v.members().containsAll(members), WAIT, m.name() + " to see the view " + members);
    }

    private static List<Integer> freePorts(int n) throws IOException {
        return TestChannels.freePorts(n);
    }

    private List<Member> cluster(String... names) throws Exception {
        List<Integer> ports = freePorts(names.length);
        List<Member> members = new ArrayList<>();
        long begin = System.nanoTime();
        for (int i = 0; i < names.length; i++) {
            members.add(start(names[i], "ca", ports.get(i), ports));
        }
        for (Member m : members) {
            awaitView(m, 0, List.of(names));
        }
        System.out.printf("%d members in one view after %d ms%n", names.length, (System.nanoTime() - begin) / 1_000_000);
        return members;
    }

    private static DISCARD cut(Member m) throws Exception {
        return TestChannels.cut(m.transport());
    }

    @Test
    void threeMembersFormOneViewAndExchangeBroadcastsAndUnicasts() throws Exception {
        List<Member> members = cluster("n1", "n2", "n3");

        for (Member m : members) {
            assertThat(m.transport().view().members()).containsExactlyInAnyOrder("n1", "n2", "n3");
            m.transport().broadcast(("hello from " + m.name()).getBytes(StandardCharsets.UTF_8));
        }
        members.get(0).transport().send("n3", "just for n3".getBytes(StandardCharsets.UTF_8));
        members.get(2).transport().send("n2", "just for n2".getBytes(StandardCharsets.UTF_8));

        for (Member m : members) {
            for (Member other : members) {
                if (other != m) {
                    m.events().received.await(r -> r.from().equals(other.name())
                        && r.text().equals("hello from " + other.name()), WAIT, m.name() + " to get " + other.name()
                        + "'s broadcast");
                }
            }
        }
        members.get(2).events().received.await(r -> r.from().equals("n1") && r.text().equals("just for n3"), WAIT,
            "n3 to get n1's unicast");
        members.get(1).events().received.await(r -> r.from().equals("n3") && r.text().equals("just for n2"), WAIT,
            "n2 to get n3's unicast");
        for (Member m : members) {
            assertThat(m.events().received.all()).as("own broadcasts are not delivered back")
                .noneMatch(r -> r.from().equals(m.name()));
            assertThat(m.events().refusals.all()).isEmpty();
        }
        assertThat(members.get(0).events().received.all()).noneMatch(r -> r.text().startsWith("just for"));
    }

    @Test
    void aMemberThatClosesOrFallsSilentLeavesTheOthersViews() throws Exception {
        List<Member> members = cluster("n1", "n2", "n3");
        Member n1 = members.get(0);

        int mark = n1.events().views.mark();
        long begin = System.nanoTime();
        members.get(2).transport().close();
        awaitView(n1, mark, List.of("n1", "n2"));
        System.out.printf("a closed member left the view after %d ms%n", (System.nanoTime() - begin) / 1_000_000);

        mark = n1.events().views.mark();
        begin = System.nanoTime();
        cut(members.get(1)); // n2 stops answering: failure detection, not a leave
        awaitView(n1, mark, List.of("n1"));
        long detected = (System.nanoTime() - begin) / 1_000_000;
        System.out.printf("a silent member was removed after %d ms%n", detected);
        assertThat(detected).as("heartbeat timeout 1 s + verification 0.5 s, with margin").isLessThan(5_000);
    }

    @Test
    void aMemberWithACertificateOfAnotherCaStaysAloneAndBothSidesReportTheRefusal() throws Exception {
        List<Integer> ports = freePorts(3);
        Member n1 = start("n1", "ca", ports.get(0), ports);
        Member n2 = start("n2", "ca", ports.get(1), ports);
        awaitView(n1, 0, List.of("n1", "n2"));

        Member intruder = start("x9", "other-ca", ports.get(2), ports);

        intruder.events().refusals.await(r -> r.contains("certificate of CN=n") && r.contains("is not signed by this"
            + " cluster's CA"), WAIT, "x9 to refuse n1's or n2's certificate");
        n1.events().refusals.await(r -> r.contains("CN=x9, O=Vireo is not signed by this cluster's CA"), WAIT,
            "n1 to refuse x9's certificate");
        intruder.events().refusals.await(r -> r.contains("this node is alone in its view"), WAIT,
            "x9 to report that it is alone");
        assertThat(intruder.transport().view().members()).containsExactly("x9");
        assertThat(n1.transport().view().members()).containsExactlyInAnyOrder("n1", "n2");
        assertThat(n2.events().views.all()).noneMatch(v -> v.members().contains("x9"));
        assertThat(n1.transport().lastRefusals()).isNotEmpty().allMatch(r -> r.reason().contains("CN=x9")
            || r.reason().startsWith("the peer refused this node's certificate (TLS alert"));
    }

    @Test
    void aTlsClientWithoutACertificateIsRefusedByAddressCountedAndListed() throws Exception {
        Member n1 = alone("n1");

        int port = TlsStranger.withoutCertificate(dir.resolve("ca/ca.crt")).knock(n1Port);

        assertRefused(n1, port, "no certificate");
    }

    @Test
    void aSelfSignedClientCertificateIsRefusedAsNotIssuedByTheClusterCa() throws Exception {
        Member n1 = alone("n1");
        Path otherCa = dir.resolve("other-ca");

        int port = TlsStranger.withKey(otherCa.resolve("ca.p12"), TlsStranger.caPassword(otherCa),
            dir.resolve("ca/ca.crt")).knock(n1Port);

        assertRefused(n1, port, "is not signed by this cluster's CA (its issuer is CN=test cluster CA");
    }

    @Test
    void anExpiredClientCertificateOfTheClusterCaIsRefusedAsExpired() throws Exception {
        Member n1 = alone("n1");
        Path expired = dir.resolve("expired-x7.p12");
        Clock twoHoursAgo = Clock.fixed(Instant.now().minus(Duration.ofHours(2)), ZoneOffset.UTC);
        new ClusterCa(twoHoursAgo, new SecureRandom()).issue(dir.resolve("ca"), "x7", List.of("127.0.0.1"), List.of(),
            Duration.ofHours(1), expired, "pw".toCharArray());

        int port = TlsStranger.withKey(expired, "pw".toCharArray(), dir.resolve("ca/ca.crt")).knock(n1Port);

        assertRefused(n1, port, "certificate of CN=x7, O=Vireo expired on");
    }

    @Test
    void aClientThatSpeaksNoTlsIsRefusedAsAFailedHandshake() throws Exception {
        Member n1 = alone("n1");

        int port = TlsStranger.knockInPlaintext(n1Port);

        assertRefused(n1, port, "TLS handshake failed");
    }

    @Test
    void refusedStrangersDoNotKeepAMemberOutOfTheView() throws Exception {
        List<Integer> ports = freePorts(2);
        Member n1 = start("n1", "ca", ports.get(0), ports);
        awaitView(n1, 0, List.of("n1"));
        TlsStranger.withoutCertificate(dir.resolve("ca/ca.crt")).knock(ports.get(0));
        TlsStranger.knockInPlaintext(ports.get(0));

        Member n2 = start("n2", "ca", ports.get(1), ports);

        awaitView(n1, 0, List.of("n1", "n2"));
        awaitView(n2, 0, List.of("n1", "n2"));
        n1.events().refusals.await(1, r -> true, WAIT, "n1 to report both strangers");
        assertThat(n1.transport().refusalCount()).isEqualTo(2);
        assertThat(n2.transport().refusalCount()).isZero();
    }

    /** A member alone in its view, listening on {@link #n1Port}. */
    private Member alone(String name) throws Exception {
        n1Port = freePorts(1).get(0);
        Member m = start(name, "ca", n1Port, List.of(n1Port));
        awaitView(m, 0, List.of(name));
        return m;
    }

    private static void assertRefused(Member m, int strangerPort, String reason) throws InterruptedException {
        String peer = "127.0.0.1:" + strangerPort;
        m.events().refusals.await(r -> r.startsWith(peer) && r.contains(reason), WAIT,
            m.name() + " to refuse " + peer + " for '" + reason + "'");
        assertThat(m.transport().lastRefusals()).as("what cluster:status lists")
            .anyMatch(r -> r.peer().startsWith(peer) && r.reason().contains(reason));
        assertThat(m.transport().refusalCount()).as("one refusal, counted once").isEqualTo(1);
        assertThat(m.transport().view().members()).containsExactly(m.name());
    }

    @Test
    void aHealedPartitionMergesIntoOneView() throws Exception {
        List<Member> members = cluster("n1", "n2", "n3");
        Member n1 = members.get(0);
        Member n3 = members.get(2);

        int mark = n1.events().views.mark();
        DISCARD discard = cut(n3);
        awaitView(n1, mark, List.of("n1", "n2"));
        n3.events().views.await(v -> v.members().equals(List.of("n3")), WAIT, "n3 to be alone");

        int n1Mark = n1.events().views.mark();
        int n3Mark = n3.events().views.mark();
        long begin = System.nanoTime();
        n3.transport().protocolStack().removeProtocol(discard);
        ClusterView merged = n1.events().views.await(n1Mark, v -> v.merged() && v.members().size() == 3, WAIT,
            "n1 to install a merged view of three");
        System.out.printf("the partition merged after %d ms%n", (System.nanoTime() - begin) / 1_000_000);
        assertThat(merged.members()).containsExactlyInAnyOrder("n1", "n2", "n3");
        n3.events().views.await(n3Mark, v -> v.merged() && v.members().size() == 3, WAIT,
            "n3 to install the merged view");
    }

    @Test
    void aPeerThatAcceptsButNeverSpeaksTlsDoesNotStallTheNode() throws Exception {
        // the kernel completes TCP connections to this socket's backlog, but nobody ever reads or answers
        try (ServerSocket blackHole = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            List<Integer> ports = freePorts(2);
            List<Integer> members = List.of(ports.get(0), blackHole.getLocalPort(), ports.get(1));
            long begin = System.nanoTime();
            Member n1 = start("n1", "ca", ports.get(0), members);
            awaitView(n1, 0, List.of("n1"));
            System.out.printf("alone despite a silent peer after %d ms%n", (System.nanoTime() - begin) / 1_000_000);

            Member n2 = start("n2", "ca", ports.get(1), members);
            awaitView(n1, 0, List.of("n1", "n2"));
            awaitView(n2, 0, List.of("n1", "n2"));
            begin = System.nanoTime();
            n2.transport().close();
            n1.transport().close();
            assertThat((System.nanoTime() - begin) / 1_000_000).as("close takes bounded time").isLessThan(10_000);
        }
    }

    @Test
    void oneMegabytePayloadsArriveIntact() throws Exception {
        List<Member> members = cluster("n1", "n2");
        byte[] broadcast = new byte[1 << 20];
        byte[] unicast = new byte[1 << 20];
        new Random(7).nextBytes(broadcast);
        new Random(8).nextBytes(unicast);

        members.get(0).transport().broadcast(broadcast);
        members.get(0).transport().send("n2", unicast);

        Events<Recorder.Received> received = members.get(1).events().received;
        received.await(r -> Arrays.equals(r.payload(), broadcast), WAIT, "the 1 MiB broadcast");
        received.await(r -> Arrays.equals(r.payload(), unicast), WAIT, "the 1 MiB unicast");
    }

    @Test
    void trafficBetweenMembersIsEncrypted() throws Exception {
        // every connection goes through a relay: each member advertises its relay as its address (a port forward)
        List<Integer> ports = freePorts(2);
        TcpRelay relay1 = new TcpRelay(ports.get(0));
        TcpRelay relay2 = new TcpRelay(ports.get(1));
        relays.add(relay1);
        relays.add(relay2);
        List<Integer> advertised = List.of(relay1.port(), relay2.port());
        Member n1 = start("n1", settings("n1", "ca", ports.get(0), advertised,
            Map.of("advertisedAddress", "127.0.0.1", "advertisedPort", String.valueOf(relay1.port()))));
        Member n2 = start("n2", settings("n2", "ca", ports.get(1), advertised,
            Map.of("advertisedAddress", "127.0.0.1", "advertisedPort", String.valueOf(relay2.port()))));
        awaitView(n1, 0, List.of("n1", "n2"));
        awaitView(n2, 0, List.of("n1", "n2"));
        int before = relay1.captured().length + relay2.captured().length;

        String marker = "VIREO-PLAINTEXT-MARKER-".repeat(2000); // 46 kB, well above the TLS overhead
        n1.transport().broadcast(marker.getBytes(StandardCharsets.UTF_8));
        n2.transport().send("n1", marker.getBytes(StandardCharsets.UTF_8));
        n2.events().received.await(r -> r.text().equals(marker), WAIT, "n2 to get the marker broadcast");
        n1.events().received.await(r -> r.text().equals(marker), WAIT, "n1 to get the marker unicast");

        byte[] wire = concat(relay1.captured(), relay2.captured());
        assertThat(wire.length - before).as("both markers crossed the relays").isGreaterThan(2 * marker.length());
        assertThat(new String(wire, StandardCharsets.ISO_8859_1)).doesNotContain("VIREO-PLAINTEXT-MARKER")
            .doesNotContain("Vireo"); // nor the certificates' subjects: TLS 1.3 encrypts them too
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
