package org.vireo.vip.internal.frame;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Inet4Address;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.vireo.vrrp.DropReason;

/** Checks the codec against frames keepalived 2.2.7 put on the wire (see keepalived-advert.txt). */
class KeepalivedCaptureTest {

    private static final Inet4Address VIP = TestBytes.ip("10.77.0.1");
    private static final Inet4Address VRRP_GROUP = TestBytes.ip("224.0.0.18");
    // Interface MACs of the two lab nodes (the decode header names n1's; the ARP lines name both).
    private static final Map<String, MacAddress> MAC_BY_NODE_IP = Map.of(
            "10.77.0.11", MacAddress.parse("02:77:00:00:00:0b"),
            "10.77.0.12", MacAddress.parse("02:77:00:00:00:0c"));

    private final List<Pcap.Packet> packets = Fixtures.packets();
    private final Map<Integer, Fixtures.SummaryLine> summary = Fixtures.summary().stream()
            .collect(Collectors.toMap(Fixtures.SummaryLine::number, line -> line));

    @Test
    void captureAndDecodeTextDescribeTheSameNineteenFrames() {
        assertThat(packets).hasSize(19);
        assertThat(summary).hasSize(19);
        for (Pcap.Packet p : packets) {
            assertThat(p.data()).hasSize(summary.get(p.number()).length());
            assertThat(p.originalLength()).isEqualTo(p.data().length); // nothing was cut by the snaplen
        }
        assertThat(countOf("VRRP")).isEqualTo(9);
        assertThat(countOf("ARP")).isEqualTo(10);
    }

    @Test
    void hexDumpsInDecodeTextMatchTheCapture() {
        Map<Integer, byte[]> dumps = Fixtures.hexDumps();
        assertThat(dumps).containsOnlyKeys(1, 2, 10);
        dumps.forEach((frame, bytes) -> assertThat(bytes).as("frame %d", frame)
                .isEqualTo(packets.get(frame - 1).data()));
    }

    @Test
    void everyVrrpFrameParsesToTheDecodedValues() {
        for (Pcap.Packet p : packetsOf("VRRP")) {
            Fixtures.SummaryLine line = summary.get(p.number());
            ReceivedVrrp r = TestBytes.parsed(p.data(), 0, p.data().length);

            assertThat(r).as("frame %d", p.number()).isNotNull();
            assertThat(r.sourceMac()).isEqualTo(MAC_BY_NODE_IP.get(line.src()));
            assertThat(r.destinationMac()).isEqualTo(MacAddress.VRRP_IPV4_MULTICAST);
            assertThat(r.vlanId()).isEqualTo(-1);
            assertThat(r.source()).isEqualTo(TestBytes.ip(line.src()));
            assertThat(r.destination()).isEqualTo(TestBytes.ip(line.dst())).isEqualTo(VRRP_GROUP);
            assertThat(r.isIpv6()).isFalse();
            assertThat(r.ttl()).isEqualTo(255);
            assertThat(r.protocol()).isEqualTo(112);
            assertThat(r.vrrpOffset()).isEqualTo(34);
            assertThat(r.vrrpLength()).isEqualTo(12); // v3 header + one IPv4 VIP
            assertThat(p.data()[r.vrrpOffset()]).isEqualTo((byte) 0x31); // VRRPv3 advertisement
        }
    }

    @Test
    void everyVrrpFrameIsRebuiltByteForByte() {
        for (Pcap.Packet p : packetsOf("VRRP")) {
            byte[] captured = p.data();
            ReceivedVrrp r = TestBytes.parsed(captured, 0, captured.length);
            int ipId = TestBytes.u16(captured, 18);
            byte[] out = new byte[captured.length + 10];

            int n = VrrpFrames.ipv4(r.sourceMac(), r.destinationMac(), (Inet4Address) r.source(),
                    (Inet4Address) r.destination(), ipId, captured, r.vrrpOffset(), r.vrrpLength(), out, 5);

            assertThat(n).isEqualTo(captured.length);
            assertThat(java.util.Arrays.copyOfRange(out, 5, 5 + n)).as("frame %d", p.number()).isEqualTo(captured);
        }
    }

    @Test
    void ipIdentificationCountsUpFromOnePerSender() {
        Map<String, Integer> expected = new HashMap<>();
        for (Pcap.Packet p : packetsOf("VRRP")) {
            String src = summary.get(p.number()).src();
            int next = expected.merge(src, 1, Integer::sum);
            assertThat(TestBytes.u16(p.data(), 18)).as("frame %d", p.number()).isEqualTo(next);
        }
    }

    @Test
    void everyArpFrameIsTheGratuitousRequestWeBuild() {
        for (Pcap.Packet p : packetsOf("ARP")) {
            Fixtures.SummaryLine line = summary.get(p.number());
            assertThat(line.info()).startsWith("Gratuitous ARP for 10.77.0.1 (Request)");
            MacAddress sender = MacAddress.parse(line.src());
            byte[] out = new byte[42];

            assertThat(ArpFrames.gratuitousRequest(sender, VIP, out, 0)).isEqualTo(42);
            assertThat(out).as("frame %d", p.number()).isEqualTo(p.data());
        }
    }

    @Test
    void everyArpFrameParsesAsGratuitousRequestForTheVip() {
        for (Pcap.Packet p : packetsOf("ARP")) {
            MacAddress sender = MacAddress.parse(summary.get(p.number()).src());
            ArpPacket arp = ArpFrames.parse(p.data(), 0, p.data().length);

            assertThat(arp).as("frame %d", p.number()).isNotNull();
            assertThat(arp.opcode()).isEqualTo(ArpPacket.REQUEST);
            assertThat(arp.ethernetSource()).isEqualTo(sender);
            assertThat(arp.ethernetDestination()).isEqualTo(MacAddress.BROADCAST);
            assertThat(arp.senderMac()).isEqualTo(sender);
            assertThat(arp.senderIp()).isEqualTo(VIP);
            assertThat(arp.targetMac()).isEqualTo(MacAddress.BROADCAST);
            assertThat(arp.targetIp()).isEqualTo(VIP);
            assertThat(arp.isGratuitous()).isTrue();
            assertThat(TestBytes.refusal(p.data(), 0, p.data().length)).isEqualTo(DropReason.NOT_VRRP);
        }
    }

    @Test
    void vrrpFramesAreNotArp() {
        for (Pcap.Packet p : packetsOf("VRRP")) {
            assertThat(ArpFrames.parse(p.data(), 0, p.data().length)).isNull();
        }
    }

    private long countOf(String protocol) {
        return summary.values().stream().filter(l -> l.protocol().equals(protocol)).count();
    }

    private List<Pcap.Packet> packetsOf(String protocol) {
        List<Pcap.Packet> selected = packets.stream()
                .filter(p -> summary.get(p.number()).protocol().equals(protocol)).toList();
        assertThat(selected).isNotEmpty();
        return selected;
    }
}
