package org.vireo.srv.internal.dns;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.vireo.cluster.ClusterNode;
import org.vireo.settings.DnsOptions;
import org.vireo.srv.Resolution;
import org.vireo.srv.SrvResolver;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.Section;
import org.xbill.DNS.Type;

/**
 * The responder's sockets on loopback, asked by real clients: dnsjava's, Vireo's own SrvResolver, and dig when it is
 * installed (bind9-dnsutils; .ci/run installs it).
 */
class DnsServerTest {

    private static final int MANY = 40;
    private static final DnsOptions OPTIONS = DnsOptions.parse(Map.of("enabled", "true", "zone", "vpn.example.com"));
    private final List<ClusterNode> nodes = new ArrayList<>();
    private DnsServer server;
    private InetSocketAddress at;

    @BeforeEach
    void start() {
        for (int i = 1; i <= MANY; i++) {
            nodes.add(DnsResponderTest.node("n" + i, "scanner", i / 100.0));
        }
        server = DnsServer.start(List.of(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)),
            (q, client, t) -> DnsResponder.respond(DnsZone.of(OPTIONS, List.copyOf(nodes)), 1232, q, t).reply());
        at = server.addresses().get(0);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Message udp(byte[] query) throws Exception {
        try (DatagramSocket s = new DatagramSocket()) {
            s.setSoTimeout(2000);
            s.send(new DatagramPacket(query, query.length, at));
            DatagramPacket in = new DatagramPacket(new byte[65535], 65535);
            s.receive(in);
            return new Message(java.util.Arrays.copyOf(in.getData(), in.getLength()));
        }
    }

    private static byte[] query(String name, int type) throws Exception {
        return Message.newQuery(Record.newRecord(Name.fromString(name), type, DClass.IN)).toWire();
    }

    @Test
    void vireosOwnResolverGetsEveryNodeThroughTheTcpRetryOfATruncatedAnswer() {
        Resolution r = new SrvResolver(new SrvResolver.Settings(List.of(at), Duration.ofSeconds(2), 0, true,
            "_vireo-proxy._tcp", 443), new SplittableRandom(1)).resolve("vpn.example.com");
        assertThat(r).isInstanceOfSatisfying(Resolution.Candidates.class, c -> {
            assertThat(c.source()).isEqualTo(Resolution.Source.SRV);
            assertThat(c.candidates()).hasSize(MANY).allSatisfy(x -> assertThat(x.port()).isEqualTo(8480));
            assertThat(c.candidates()).filteredOn(x -> x.host().startsWith("n1."))
                .singleElement().satisfies(x -> assertThat(x.weight()).isEqualTo(90));
        });
    }

    @Test
    void noHealthyNodeResolvesAsServiceUnavailable() {
        nodes.replaceAll(DnsResponderTest::stale);
        Resolution r = new SrvResolver(new SrvResolver.Settings(List.of(at), Duration.ofSeconds(2), 0, true,
            "_vireo-proxy._tcp", 443), new SplittableRandom(1)).resolve("vpn.example.com");
        assertThat(r).isInstanceOf(Resolution.ServiceUnavailable.class);
    }

    @Test
    void tcpCarriesSeveralQueriesOnOneConnectionAndGarbageEndsOnlyThatConnection() throws Exception {
        try (Socket s = new Socket(at.getAddress(), at.getPort())) {
            s.setSoTimeout(2000);
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            DataInputStream in = new DataInputStream(s.getInputStream());
            for (String name : new String[] {"n1.vpn.example.com.", "n2.vpn.example.com.", "elsewhere.org."}) {
                byte[] q = query(name, Type.A);
                out.writeShort(q.length);
                out.write(q);
                out.flush();
                byte[] a = new byte[in.readUnsignedShort()];
                in.readFully(a);
                Message m = new Message(a);
                assertThat(m.getRcode()).isEqualTo(name.startsWith("n") ? Rcode.NOERROR : Rcode.REFUSED);
            }
            out.writeShort(3);
            out.write(new byte[] {1, 2, 3});
            out.flush();
            try {
                in.readUnsignedShort();
                throw new AssertionError("the connection stayed open after a message that is no query");
            } catch (EOFException | java.net.SocketException e) {
                // closed, as it should be
            }
        }
        assertThat(udp(query("n1.vpn.example.com.", Type.A)).getRcode()).as("still serving").isEqualTo(Rcode.NOERROR);
    }

    @Test
    void aConnectionBeyondTheLimitIsClosedAtOnceAndAnIdleOneAfterItsTimeout() throws Exception {
        try (DnsServer small = DnsServer.start(List.of(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)),
                (q, client, t) -> DnsResponder.respond(DnsZone.of(OPTIONS, List.copyOf(nodes)), 1232, q, t).reply(),
                2, 300);
             Socket first = new Socket(small.addresses().get(0).getAddress(), small.addresses().get(0).getPort());
             Socket second = new Socket(small.addresses().get(0).getAddress(), small.addresses().get(0).getPort())) {
            askOver(first);
            askOver(second);
            try (Socket third = new Socket(small.addresses().get(0).getAddress(), small.addresses().get(0).getPort())) {
                third.setSoTimeout(2000);
                assertThat(third.getInputStream().read()).as("closed without an answer").isEqualTo(-1);
            }
            long start = System.nanoTime();
            first.setSoTimeout(5000);
            assertThat(first.getInputStream().read()).as("idle: closed").isEqualTo(-1);
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).isLessThan(3000);
        }
    }

    private static void askOver(Socket s) throws Exception {
        s.setSoTimeout(2000);
        byte[] q = query("n1.vpn.example.com.", Type.A);
        DataOutputStream out = new DataOutputStream(s.getOutputStream());
        out.writeShort(q.length);
        out.write(q);
        out.flush();
        DataInputStream in = new DataInputStream(s.getInputStream());
        byte[] a = new byte[in.readUnsignedShort()];
        in.readFully(a);
        assertThat(new Message(a).getRcode()).isEqualTo(Rcode.NOERROR);
    }

    @Test
    void anOversizedOrMalformedDatagramDoesNoHarm() throws Exception {
        try (DatagramSocket s = new DatagramSocket()) {
            byte[] big = new byte[20_000];
            System.arraycopy(query("n1.vpn.example.com.", Type.A), 0, big, 0, 12);
            s.send(new DatagramPacket(big, big.length, at));
            s.send(new DatagramPacket(new byte[] {0, 1, 2}, 3, at));
        }
        Message m = udp(query("n1.vpn.example.com.", Type.A));
        assertThat(m.getRcode()).isEqualTo(Rcode.NOERROR);
        assertThat(m.getSection(Section.ANSWER)).hasSize(1);
    }

    @Test
    void digSeesAnAuthoritativeAnswerTruncatedOverUdpAndWholeOverTcp() throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/dig")), "dig is not installed (bind9-dnsutils)");
        String truncated = dig("+noedns", "+ignore", "_vireo-proxy._tcp.vpn.example.com", "SRV");
        assertThat(truncated).contains("status: NOERROR").containsPattern("flags: qr aa tc rd;");
        String retried = dig("+noedns", "_vireo-proxy._tcp.vpn.example.com", "SRV");
        assertThat(retried).contains("Truncated, retrying in TCP mode").contains("ANSWER: " + MANY + ",");
        String edns = dig("+bufsize=4096", "+norecurse", "_vireo-proxy._tcp.vpn.example.com", "SRV");
        assertThat(edns).contains("flags: qr aa;").contains("udp: 1232").contains("ANSWER: " + MANY + ",");
        assertThat(dig("nope.vpn.example.com", "A")).contains("status: NXDOMAIN").contains("AUTHORITY: 1,");
        assertThat(dig("www.example.org", "A")).contains("status: REFUSED");
        assertThat(dig("+edns=1", "vpn.example.com", "SOA")).as("BADVERS, then asked again with version 0")
            .contains(";; BADVERS, retrying with EDNS version 0.").contains("status: NOERROR");
    }

    private String dig(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("/usr/bin/dig", "@" + at.getAddress().getHostAddress(), "-p",
            String.valueOf(at.getPort()), "+time=2", "+tries=1"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("dig ends").isTrue();
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
