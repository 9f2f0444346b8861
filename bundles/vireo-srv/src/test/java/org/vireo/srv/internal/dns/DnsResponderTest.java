package org.vireo.srv.internal.dns;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.NodeLoad;
import org.vireo.settings.DnsOptions;
import org.vireo.srv.internal.dns.DnsResponder.Outcome;
import org.vireo.srv.internal.dns.DnsResponder.Transport;
import org.xbill.DNS.DClass;
import org.xbill.DNS.Flags;
import org.xbill.DNS.Message;
import org.xbill.DNS.Name;
import org.xbill.DNS.OPTRecord;
import org.xbill.DNS.Opcode;
import org.xbill.DNS.Rcode;
import org.xbill.DNS.Record;
import org.xbill.DNS.SOARecord;
import org.xbill.DNS.SRVRecord;
import org.xbill.DNS.Section;
import org.xbill.DNS.Type;

/** The responder on values: a registry snapshot and a query in, the response's bytes out. */
class DnsResponderTest {

    private static final Instant NOW = Instant.parse("2026-12-06T12:00:00Z");
    private static final String SRV = "_vireo-proxy._tcp.vpn.example.com.";
    private static final DnsOptions OPTIONS = DnsOptions.parse(Map.of("enabled", "true", "zone", "vpn.example.com",
        "rolePriorities", "director=20", "nodePriorities", "n4=30", "ttl", "5", "negativeTtl", "3",
        "nameServers", "n1, n2"));

    static NodeLoad load(double cpu) {
        return new NodeLoad(NOW, 0.01, cpu, 100, 1000, 10, 100, 0, 0);
    }

    static ClusterNode node(String name, String role, double cpu) {
        String ip = "10.0.0." + name.substring(1);
        return new ClusterNode(name, role, ip, "0.1.0", Map.of(), Optional.of(load(cpu)), NOW, false, false, 1,
            Map.of("vireo-proxy", "http://" + ip + ":8480/vireo/login"));
    }

    static ClusterNode stale(ClusterNode n) {
        return new ClusterNode(n.name(), n.role(), n.address(), n.softwareVersion(), n.vrrpStates(), n.load(),
            n.lastSeen(), true, n.self(), n.configState(), n.services());
    }

    private static Message ask(DnsZone zone, String name, int type) throws Exception {
        return new Message(answer(zone, query(name, type, null), Transport.UDP).reply().orElseThrow());
    }

    private static byte[] query(String name, int type, OPTRecord opt) throws Exception {
        Message q = Message.newQuery(Record.newRecord(Name.fromString(name), type, DClass.IN));
        if (opt != null) {
            q.addRecord(opt, Section.ADDITIONAL);
        }
        return q.toWire();
    }

    private static Outcome answer(DnsZone zone, byte[] query, Transport t) {
        return DnsResponder.respond(zone, 1232, query, t);
    }

    private static DnsZone zone(List<ClusterNode> nodes) {
        return DnsZone.of(OPTIONS, nodes);
    }

    private static List<String> srv(Message m) {
        return m.getSection(Section.ANSWER).stream().map(r -> (SRVRecord) r)
            .map(s -> s.getPriority() + " " + s.getWeight() + " " + s.getPort() + " " + s.getTarget()).toList();
    }

    @Test
    void anSrvQueryGetsOneRecordPerHealthyNodeWeightedByLoadWithTheirAddresses() throws Exception {
        Message m = ask(zone(List.of(node("n1", "director+scan", 0.2), node("n2", "scanner", 0.7),
            node("n3", "scanner", 0.1))), SRV, Type.SRV);
        assertThat(m.getRcode()).isEqualTo(Rcode.NOERROR);
        assertThat(m.getHeader().getFlag(Flags.AA)).isTrue();
        assertThat(m.getHeader().getFlag(Flags.RA)).isFalse();
        assertThat(m.getHeader().getFlag(Flags.RD)).as("copied").isTrue();
        assertThat(srv(m)).containsExactly("20 80 8480 n1.vpn.example.com.", "10 30 8480 n2.vpn.example.com.",
            "10 90 8480 n3.vpn.example.com.");
        assertThat(m.getSection(Section.ANSWER)).allMatch(r -> r.getTTL() == 5);
        assertThat(m.getSection(Section.ADDITIONAL).stream().map(Record::rdataToString))
            .containsExactly("10.0.0.1", "10.0.0.2", "10.0.0.3");
    }

    @Test
    void aNodesOwnPriorityComesBeforeItsRoles() throws Exception {
        assertThat(srv(ask(zone(List.of(node("n4", "director", 0))), SRV, Type.SRV)))
            .as("memory 10 %: score 0.1").containsExactly("30 90 8480 n4.vpn.example.com.");
    }

    @Test
    void aStaleNodeOrOneNotOfferingTheServiceIsNotInTheAnswer() throws Exception {
        ClusterNode quiet = new ClusterNode("n3", "scanner", "10.0.0.3", "0.1.0", Map.of(),
            Optional.of(load(0)), NOW, false, false, 1, Map.of("other", "http://10.0.0.3:1/"));
        assertThat(srv(ask(zone(List.of(node("n1", "scanner", 0.5), stale(node("n2", "scanner", 0)), quiet)),
            SRV, Type.SRV))).containsExactly("10 50 8480 n1.vpn.example.com.");
    }

    @Test
    void noHealthyNodeIsTheRootTarget() throws Exception {
        Message m = ask(zone(List.of(stale(node("n1", "scanner", 0)))), SRV, Type.SRV);
        assertThat(m.getRcode()).isEqualTo(Rcode.NOERROR);
        assertThat(srv(m)).containsExactly("0 0 0 .");
    }

    @Test
    void weightsGrowAsLoadFallsAndNeverReachZero() {
        assertThat(DnsZone.weight(0)).isEqualTo(100);
        assertThat(DnsZone.weight(0.25)).isEqualTo(75);
        assertThat(DnsZone.weight(1)).isEqualTo(1);
        assertThat(DnsZone.weight(7)).isEqualTo(1);
    }

    @Test
    void aNodesNameHasItsAddressAndTheApexItsSoaAndNameServersWithGlue() throws Exception {
        DnsZone z = zone(List.of(node("n1", "scanner", 0), node("n2", "scanner", 0)));
        assertThat(ask(z, "N1.vpn.example.com.", Type.A).getSection(Section.ANSWER).get(0).rdataToString())
            .isEqualTo("10.0.0.1");
        Message soa = ask(z, "vpn.example.com.", Type.SOA);
        assertThat(soa.getHeader().getFlag(Flags.AA)).isTrue();
        SOARecord s = (SOARecord) soa.getSection(Section.ANSWER).get(0);
        assertThat(s.getHost()).hasToString("n1.vpn.example.com.");
        assertThat(s.getAdmin()).hasToString("hostmaster.vpn.example.com.");
        assertThat(s.getMinimum()).isEqualTo(3);
        Message ns = ask(z, "vpn.example.com.", Type.NS);
        assertThat(ns.getSection(Section.ANSWER).stream().map(Record::rdataToString))
            .containsExactly("n1.vpn.example.com.", "n2.vpn.example.com.");
        assertThat(ns.getSection(Section.ADDITIONAL).stream().map(Record::rdataToString))
            .containsExactly("10.0.0.1", "10.0.0.2");
    }

    @Test
    void anIpv6ServiceAddressIsAnAaaaRecordAndAHostNameInTheUrlFallsBackToTheRegistryAddress() throws Exception {
        ClusterNode v6 = new ClusterNode("n5", "scanner", "10.0.0.5", "0.1.0", Map.of(), Optional.of(load(0)), NOW,
            false, false, 1, Map.of("vireo-proxy", "https://[fd00::5]/vireo/login"));
        ClusterNode named = new ClusterNode("n6", "scanner", "10.0.0.6", "0.1.0", Map.of(), Optional.of(load(0)), NOW,
            false, false, 1, Map.of("vireo-proxy", "http://n6.example.net:8480/"));
        DnsZone z = zone(List.of(v6, named));
        assertThat(ask(z, "n5.vpn.example.com.", Type.AAAA).getSection(Section.ANSWER).get(0).rdataToString())
            .isEqualTo("fd00:0:0:0:0:0:0:5");
        assertThat(ask(z, "n5.vpn.example.com.", Type.A).getSection(Section.ANSWER)).as("NODATA").isEmpty();
        assertThat(ask(z, "n6.vpn.example.com.", Type.A).getSection(Section.ANSWER).get(0).rdataToString())
            .isEqualTo("10.0.0.6");
        assertThat(srv(ask(z, SRV, Type.SRV))).as("https without a port: 443").containsExactly(
            "10 90 443 n5.vpn.example.com.", "10 90 8480 n6.vpn.example.com.");
    }

    @Test
    void aNameThatDoesNotExistIsNxdomainAndOneWithoutTheTypeNodataBothWithTheSoa() throws Exception {
        DnsZone z = zone(List.of(node("n1", "scanner", 0)));
        Message nx = ask(z, "nope.vpn.example.com.", Type.A);
        assertThat(nx.getRcode()).isEqualTo(Rcode.NXDOMAIN);
        assertThat(nx.getHeader().getFlag(Flags.AA)).isTrue();
        assertThat(nx.getSection(Section.AUTHORITY)).singleElement()
            .satisfies(r -> assertThat(r.getType()).isEqualTo(Type.SOA))
            .satisfies(r -> assertThat(r.getTTL()).as("RFC 2308: the lesser of TTL and minimum").isEqualTo(3));
        assertThat(ask(z, "_other._tcp.vpn.example.com.", Type.SRV).getRcode()).isEqualTo(Rcode.NXDOMAIN);
        for (String[] q : new String[][] {{"n1.vpn.example.com.", "AAAA"}, {SRV, "A"}, {"_tcp.vpn.example.com.", "SRV"},
            {"vpn.example.com.", "A"}}) {
            Message nodata = ask(z, q[0], Type.value(q[1]));
            assertThat(nodata.getRcode()).as(q[0] + " " + q[1]).isEqualTo(Rcode.NOERROR);
            assertThat(nodata.getSection(Section.ANSWER)).isEmpty();
            assertThat(nodata.getSection(Section.AUTHORITY)).singleElement()
                .satisfies(r -> assertThat(r.getType()).isEqualTo(Type.SOA));
        }
    }

    @Test
    void aNameOutsideTheZoneIsRefusedWithoutAuthority() throws Exception {
        DnsZone z = zone(List.of(node("n1", "scanner", 0)));
        for (String name : new String[] {"example.com.", "www.example.org.", "."}) {
            Message m = ask(z, name, Type.A);
            assertThat(m.getRcode()).as(name).isEqualTo(Rcode.REFUSED);
            assertThat(m.getHeader().getFlag(Flags.AA)).isFalse();
        }
        assertThat(ask(z, "vpn.example.com.", Type.AXFR).getRcode()).isEqualTo(Rcode.REFUSED);
    }

    @Test
    void anyGivesEveryRecordAtTheName() throws Exception {
        DnsZone z = zone(List.of(node("n1", "scanner", 0)));
        assertThat(ask(z, "vpn.example.com.", Type.ANY).getSection(Section.ANSWER).stream().map(Record::getType))
            .containsExactly(Type.SOA, Type.NS, Type.NS);
    }

    @Test
    void ednsIsEchoedWithOurPayloadAndAnUnknownVersionIsBadvers() throws Exception {
        DnsZone z = zone(List.of(node("n1", "scanner", 0)));
        Message m = new Message(answer(z, query(SRV, Type.SRV, new OPTRecord(4096, 0, 0)), Transport.UDP).reply()
            .orElseThrow());
        assertThat(m.getOPT()).isNotNull();
        assertThat(m.getOPT().getPayloadSize()).isEqualTo(1232);
        Outcome bad = answer(z, query(SRV, Type.SRV, new OPTRecord(4096, 0, 1)), Transport.UDP);
        assertThat(bad.rcode()).isEqualTo(Rcode.BADVERS);
        assertThat(new Message(bad.reply().orElseThrow()).getRcode()).isEqualTo(Rcode.BADVERS);
        assertThat(new Message(bad.reply().orElseThrow()).getSection(Section.ANSWER)).isEmpty();
        assertThat(ask(z, SRV, Type.SRV).getOPT()).as("none asked, none given").isNull();
    }

    @Test
    void aLargeAnswerIsTruncatedOverUdpAndWholeOverTcpOrWithALargerPayload() throws Exception {
        List<ClusterNode> many = new ArrayList<>();
        for (int i = 1; i <= 40; i++) {
            many.add(node("n" + i, "scanner", i / 100.0));
        }
        DnsZone z = zone(many);
        Outcome udp = answer(z, query(SRV, Type.SRV, null), Transport.UDP);
        assertThat(udp.truncated()).isTrue();
        assertThat(udp.reply().orElseThrow().length).isLessThanOrEqualTo(512);
        assertThat(new Message(udp.reply().orElseThrow()).getHeader().getFlag(Flags.TC)).isTrue();
        Outcome edns = answer(z, query(SRV, Type.SRV, new OPTRecord(1232, 0, 0)), Transport.UDP);
        assertThat(edns.reply().orElseThrow().length).isLessThanOrEqualTo(1232);
        assertThat(new Message(edns.reply().orElseThrow()).getOPT()).as("OPT kept when cut").isNotNull();
        Outcome tcp = answer(z, query(SRV, Type.SRV, null), Transport.TCP);
        assertThat(tcp.truncated()).isFalse();
        Message whole = new Message(tcp.reply().orElseThrow());
        assertThat(whole.getSection(Section.ANSWER)).hasSize(40);
        assertThat(whole.getSection(Section.ADDITIONAL)).hasSize(40);
    }

    @Test
    void malformedQueriesAreFormerrAndWhatIsNoQueryIsDropped() throws Exception {
        DnsZone z = zone(List.of(node("n1", "scanner", 0)));
        byte[] good = query(SRV, Type.SRV, null);
        byte[] cut = java.util.Arrays.copyOf(good, good.length - 3);
        Outcome formerr = answer(z, cut, Transport.UDP);
        Message m = new Message(formerr.reply().orElseThrow());
        assertThat(m.getRcode()).isEqualTo(Rcode.FORMERR);
        assertThat(m.getHeader().getID()).isEqualTo(new Message(good).getHeader().getID());
        assertThat(answer(z, new byte[5], Transport.UDP).reply()).as("shorter than a header").isEmpty();
        byte[] response = good.clone();
        response[2] |= (byte) 0x80;
        assertThat(answer(z, response, Transport.UDP).reply()).as("a response").isEmpty();
        byte[] noQuestion = java.util.Arrays.copyOf(good, 12);
        noQuestion[5] = 0;
        assertThat(answer(z, noQuestion, Transport.UDP).rcode()).isEqualTo(Rcode.FORMERR);
    }

    @Test
    void anotherOpcodeIsNotImplemented() throws Exception {
        Message notify = Message.newQuery(Record.newRecord(Name.fromString(SRV), Type.SOA, DClass.IN));
        notify.getHeader().setOpcode(Opcode.NOTIFY);
        assertThat(answer(zone(List.of()), notify.toWire(), Transport.UDP).rcode()).isEqualTo(Rcode.NOTIMP);
    }

    @Test
    void membersWithTheSameRegistryGiveTheSameBytes() throws Exception {
        List<ClusterNode> nodes = new ArrayList<>(List.of(node("n1", "director", 0.3), node("n2", "backup", 0.6),
            node("n3", "scanner", 0.1), stale(node("n4", "scanner", 0))));
        byte[] q = query(SRV, Type.SRV, new OPTRecord(1232, 0, 0));
        byte[] first = answer(zone(nodes), q, Transport.UDP).reply().orElseThrow();
        List<ClusterNode> other = new ArrayList<>(nodes);
        Collections.shuffle(other, new Random(7));
        // another member: the same reports, itself marked self
        other.replaceAll(n -> n.name().equals("n2") ? new ClusterNode(n.name(), n.role(), n.address(),
            n.softwareVersion(), n.vrrpStates(), n.load(), n.lastSeen().plusMillis(300), n.stale(), true,
            n.configState(), n.services()) : n);
        assertThat(answer(zone(other), q, Transport.UDP).reply().orElseThrow()).isEqualTo(first);
        assertThat(zone(nodes).soa().getSerial()).isEqualTo(zone(other).soa().getSerial());
    }

    @Test
    void theSerialChangesWithTheAnswers() {
        assertThat(zone(List.of(node("n1", "scanner", 0.1))).soa().getSerial())
            .isNotEqualTo(zone(List.of(node("n1", "scanner", 0.5))).soa().getSerial());
    }

    @Test
    void randomBytesAreAnsweredOrDroppedNeverThrown() throws Exception {
        DnsZone z = zone(List.of(node("n1", "scanner", 0)));
        Random random = new Random(25);
        byte[] good = query(SRV, Type.SRV, new OPTRecord(1232, 0, 0));
        Map<Integer, Integer> rcodes = new HashMap<>();
        for (int i = 0; i < 20_000; i++) {
            byte[] b = i % 2 == 0 ? new byte[random.nextInt(80)] : good.clone();
            if (i % 2 == 0) {
                random.nextBytes(b);
            } else {
                for (int k = 0; k < 3; k++) {
                    b[random.nextInt(b.length)] = (byte) random.nextInt(256);
                }
            }
            int limit = i % 3 == 0 ? 65535 : 1232;
            Outcome o = answer(z, b, i % 3 == 0 ? Transport.TCP : Transport.UDP);
            o.reply().ifPresent(r -> assertThat(r.length).isLessThanOrEqualTo(limit));
            rcodes.merge(o.rcode(), 1, Integer::sum);
        }
        assertThat(rcodes).containsKeys(-1, Rcode.FORMERR, Rcode.NOERROR);
    }
}
