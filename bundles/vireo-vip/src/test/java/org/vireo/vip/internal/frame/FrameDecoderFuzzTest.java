package org.vireo.vip.internal.frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.util.Arrays;
import java.util.List;

import com.code_intelligence.jazzer.junit.FuzzTest;

import org.vireo.testkit.fuzz.Allocation;
import org.vireo.vrrp.DropReason;

/**
 * Fuzz target of the frame decoders a received frame meets: {@link VrrpFrames#parse} (Ethernet, one 802.1Q tag,
 * IPv4 or IPv6, VRRP's first bytes) and {@link ArpFrames#parse}. The first byte of the input is flags (bit 0: reseal
 * the IPv4 header checksum, or random bytes would never get past it; bits 1-3: how many bytes of junk lie before and
 * after the frame in the array); the rest is the frame.
 *
 * <p>Invariants: VrrpFrames.parse returns a packet or throws its one refusal, {@link RefusedFrameException}, with a
 * reason, and nothing else for any bytes; ArpFrames.parse returns a packet or null and never throws; both read only
 * their slice of the array (the same frame among other bytes gives the same answer, offsets moved by as much); both
 * are deterministic and allocate at most {@link #ALLOCATION} bytes whatever the frame's size; a packet's VRRP message
 * lies inside the frame, is at least its version/type and VRID bytes, behind an Ethernet header, in one IP family;
 * and what the builders write the decoders read back: an accepted untagged VRRP packet written again by
 * {@link VrrpFrames#ipv4}/{@link VrrpFrames#ipv6} from its facts parses to the same facts (TTL aside: the builder
 * sends 255), a gratuitous ARP written by {@link ArpFrames#gratuitousRequest} for the frame's sender parses as one,
 * and neither an ARP frame nor a neighbor advertisement is VRRP. Seeds: VRRPv3 over IPv4 and IPv6, a tagged one, an
 * IPv4 fragment, options in the IPv4 header, a gratuitous ARP.
 */
class FrameDecoderFuzzTest {

    /** The packet, two MAC addresses, two IP addresses (their arrays included) and the refusal. */
    static final long ALLOCATION = 2048;

    @FuzzTest
    void anyFrameIsVrrpOrArpWithinItsBoundsOrRefusedWithAReason(byte[] input) {
        if (input.length < 1) {
            return;
        }
        int flags = input[0] & 0xFF;
        byte[] frame = Arrays.copyOfRange(input, 1, input.length);
        if ((flags & 1) != 0) {
            resealIpv4(frame);
        }
        int junk = (flags >>> 1) & 7;
        byte[] among = new byte[junk + frame.length + junk];
        Arrays.fill(among, (byte) 0x45); // an IPv4 header's first byte: reading past the slice is not harmless
        System.arraycopy(frame, 0, among, junk, frame.length);

        Object vrrp = vrrp(frame, 0);
        Allocation.Measured<Object> measured = Allocation.of(() -> vrrp(frame, 0));
        assertThat(measured.value()).isEqualTo(vrrp);
        assertThat(measured.bytes()).isLessThanOrEqualTo(ALLOCATION);
        assertThat(vrrp(among, junk)).isEqualTo(shifted(vrrp, junk));

        ArpPacket arp = ArpFrames.parse(frame, 0, frame.length);
        assertThat(ArpFrames.parse(among, junk, frame.length)).isEqualTo(arp);
        assertThat(Allocation.of(() -> ArpFrames.parse(frame, 0, frame.length)).bytes()).isLessThanOrEqualTo(ALLOCATION);

        if (vrrp instanceof ReceivedVrrp packet) {
            withinTheFrame(packet, frame.length);
            if (packet.vlanId() == -1) {
                writtenBack(packet, frame);
            }
        } else {
            assertThat(vrrp).isInstanceOf(DropReason.class);
        }
        if (arp != null) {
            gratuitousFor(arp);
        }
    }

    /** The packet, or the refusal (as its reason: the exception has no equals); anything else escapes. */
    private static Object vrrp(byte[] frame, int off) {
        try {
            return VrrpFrames.parse(frame, off, frame.length - 2 * off);
        } catch (RefusedFrameException e) {
            return e.reason();
        }
    }

    private static Object shifted(Object vrrp, int by) {
        return vrrp instanceof ReceivedVrrp p ? new ReceivedVrrp(p.sourceMac(), p.destinationMac(), p.vlanId(),
            p.source(), p.destination(), p.ttl(), p.protocol(), p.vrrpOffset() + by, p.vrrpLength()) : vrrp;
    }

    private static void withinTheFrame(ReceivedVrrp p, int length) {
        assertThat(p.vrrpOffset()).isGreaterThanOrEqualTo(EthernetHeader.LENGTH);
        assertThat(p.vrrpLength()).isGreaterThanOrEqualTo(2);
        assertThat((long) p.vrrpOffset() + p.vrrpLength()).isLessThanOrEqualTo(length);
        assertThat(p.ttl()).isBetween(0, 255);
        assertThat(p.vlanId()).isBetween(-1, 4095);
        assertThat(p.protocol()).isEqualTo(VrrpFrames.IP_PROTOCOL_VRRP);
        assertThat(p.source().getClass()).isEqualTo(p.destination().getClass());
    }

    private static void writtenBack(ReceivedVrrp p, byte[] frame) {
        byte[] out = new byte[VrrpFrames.IPV6_OVERHEAD + p.vrrpLength()];
        int length = p.isIpv6()
            ? VrrpFrames.ipv6(p.sourceMac(), p.destinationMac(), (Inet6Address) p.source(),
                (Inet6Address) p.destination(), frame, p.vrrpOffset(), p.vrrpLength(), out, 0)
            : VrrpFrames.ipv4(p.sourceMac(), p.destinationMac(), (Inet4Address) p.source(),
                (Inet4Address) p.destination(), 0, frame, p.vrrpOffset(), p.vrrpLength(), out, 0);
        Object again = vrrp(Arrays.copyOf(out, length), 0);
        assertThat(again).isInstanceOfSatisfying(ReceivedVrrp.class, a -> {
            assertThat(List.of(a.sourceMac(), a.destinationMac(), a.vlanId(), a.source(), a.destination(),
                a.protocol(), a.vrrpLength())).isEqualTo(List.of(p.sourceMac(), p.destinationMac(), p.vlanId(),
                p.source(), p.destination(), p.protocol(), p.vrrpLength()));
            assertThat(Arrays.copyOfRange(out, a.vrrpOffset(), a.vrrpOffset() + a.vrrpLength()))
                .isEqualTo(Arrays.copyOfRange(frame, p.vrrpOffset(), p.vrrpOffset() + p.vrrpLength()));
        });
        if (p.isIpv6()) {
            byte[] na = new byte[NeighborAdvertisementFrames.LENGTH];
            NeighborAdvertisementFrames.unsolicited(p.sourceMac(), (Inet6Address) p.destination(),
                (Inet6Address) p.source(), na, 0);
            assertThatThrownBy(() -> VrrpFrames.parse(na, 0, na.length)).isInstanceOfSatisfying(
                RefusedFrameException.class, e -> assertThat(e.reason()).isEqualTo(DropReason.NOT_VRRP));
            assertThat(ArpFrames.parse(na, 0, na.length)).isNull();
        }
    }

    private static void gratuitousFor(ArpPacket arp) {
        byte[] out = new byte[ArpFrames.GRATUITOUS_LENGTH];
        ArpFrames.gratuitousRequest(arp.senderMac(), arp.senderIp(), out, 0);
        ArpPacket again = ArpFrames.parse(out, 0, out.length);
        assertThat(again).isNotNull();
        assertThat(again.isGratuitous()).isTrue();
        assertThat(again.opcode()).isEqualTo(ArpPacket.REQUEST);
        assertThat(again.senderMac()).isEqualTo(arp.senderMac());
        assertThat(again.senderIp()).isEqualTo(arp.senderIp());
        assertThatThrownBy(() -> VrrpFrames.parse(out, 0, out.length)).isInstanceOfSatisfying(
            RefusedFrameException.class, e -> assertThat(e.reason()).isEqualTo(DropReason.NOT_VRRP));
    }

    /** Writes a correct IPv4 header checksum where the frame has an IPv4 header with a plausible length. */
    private static void resealIpv4(byte[] f) {
        if (f.length < EthernetHeader.LENGTH) {
            return;
        }
        int type = Bytes.u16(f, 12);
        int ip = EthernetHeader.LENGTH;
        if (type == 0x8100 && f.length >= 18) {
            type = Bytes.u16(f, 16);
            ip += 4;
        }
        int headerLength = ip < f.length ? (f[ip] & 0x0f) * 4 : 0;
        if (type != EthernetHeader.TYPE_IPV4 || headerLength < 20 || ip + headerLength > f.length) {
            return;
        }
        f[ip + 10] = 0;
        f[ip + 11] = 0;
        long sum = 0;
        for (int i = ip; i < ip + headerLength; i += 2) {
            sum += ((f[i] & 0xFF) << 8) | (f[i + 1] & 0xFF);
        }
        while (sum >>> 16 != 0) {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        Bytes.put16(f, ip + 10, (int) ~sum & 0xFFFF);
    }
}
