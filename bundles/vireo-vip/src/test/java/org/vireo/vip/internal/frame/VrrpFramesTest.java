package org.vireo.vip.internal.frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.vireo.vrrp.DropReason;

class VrrpFramesTest {

    private static final MacAddress N1 = MacAddress.parse("02:77:00:00:00:0b");
    private static final Inet4Address N1_IP = TestBytes.ip("10.77.0.11");
    private static final Inet4Address GROUP4 = TestBytes.ip("224.0.0.18");
    private static final Inet6Address N1_LINK_LOCAL = TestBytes.ip("fe80::77:ff:fe00:b");
    private static final Inet6Address GROUP6 = TestBytes.ip("ff02::12");
    // Frame 1 of the keepalived capture: VRID 51, priority 150, VIP 10.77.0.1.
    private static final byte[] FRAME_1 = TestBytes.hex(
            "01005e000012 02770000000b 0800"
            + "45c0 0020 0001 0000 ff70 d042 0a4d000b e0000012"
            + "31339601 0064 4332 0a4d0001");
    private static final int IP = 14;

    // ---- IPv4 building -------------------------------------------------------------------

    @Test
    void ipv4HeaderFieldsAreAtTheirOffsets() {
        byte[] vrrp = Arrays.copyOfRange(FRAME_1, 34, 46);
        byte[] out = new byte[64];

        int n = VrrpFrames.ipv4(N1, MacAddress.VRRP_IPV4_MULTICAST, N1_IP, GROUP4, 0xbeef, vrrp, 0, 12, out, 0);

        assertThat(n).isEqualTo(46).isEqualTo(VrrpFrames.IPV4_OVERHEAD + 12);
        assertThat(Arrays.copyOfRange(out, 0, 6)).isEqualTo(MacAddress.VRRP_IPV4_MULTICAST.toByteArray());
        assertThat(Arrays.copyOfRange(out, 6, 12)).isEqualTo(N1.toByteArray());
        assertThat(TestBytes.u16(out, 12)).isEqualTo(0x0800);
        assertThat(out[IP] & 0xff).isEqualTo(0x45);
        assertThat(out[IP + 1] & 0xff).isEqualTo(0xc0);
        assertThat(TestBytes.u16(out, IP + 2)).isEqualTo(32);
        assertThat(TestBytes.u16(out, IP + 4)).isEqualTo(0xbeef);
        assertThat(TestBytes.u16(out, IP + 6)).isZero();
        assertThat(out[IP + 8] & 0xff).isEqualTo(255);
        assertThat(out[IP + 9] & 0xff).isEqualTo(112);
        assertThat(TestBytes.onesComplementSum(Arrays.copyOfRange(out, IP, IP + 20))).isEqualTo(0xffff);
        assertThat(Arrays.copyOfRange(out, IP + 12, IP + 16)).isEqualTo(N1_IP.getAddress());
        assertThat(Arrays.copyOfRange(out, IP + 16, IP + 20)).isEqualTo(GROUP4.getAddress());
        assertThat(Arrays.copyOfRange(out, 34, 46)).isEqualTo(vrrp);
        assertThat(out[46]).isZero(); // no padding written
    }

    @Test
    void ipv4CanWrapVrrpBytesAlreadyInPlace() {
        byte[] out = new byte[46];
        System.arraycopy(FRAME_1, 34, out, 34, 12);

        VrrpFrames.ipv4(N1, MacAddress.VRRP_IPV4_MULTICAST, N1_IP, GROUP4, 1, out, 34, 12, out, 0);

        assertThat(out).isEqualTo(FRAME_1);
    }

    @Test
    void ipv4RejectsBadArguments() {
        byte[] vrrp = new byte[12];
        assertThatThrownBy(() -> VrrpFrames.ipv4(N1, N1, N1_IP, GROUP4, -1, vrrp, 0, 12, new byte[64], 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> VrrpFrames.ipv4(N1, N1, N1_IP, GROUP4, 0x10000, vrrp, 0, 12, new byte[64], 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> VrrpFrames.ipv4(N1, N1, N1_IP, GROUP4, 1, vrrp, 0, 12, new byte[45], 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> VrrpFrames.ipv4(N1, N1, N1_IP, GROUP4, 1, vrrp, 4, 12, new byte[64], 0))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    // ---- IPv6 building -------------------------------------------------------------------

    @Test
    void ipv6HeaderFieldsAreAtTheirOffsetsAndVrrpChecksumCoversThem() {
        byte[] vrrp = vrrpV3ForIpv6(N1_LINK_LOCAL, GROUP6, TestBytes.ip("2001:db8::1"));
        byte[] out = new byte[100];

        int n = VrrpFrames.ipv6(N1, MacAddress.VRRP_IPV6_MULTICAST, N1_LINK_LOCAL, GROUP6, vrrp, 0, vrrp.length,
                out, 0);

        assertThat(n).isEqualTo(54 + 24).isEqualTo(VrrpFrames.IPV6_OVERHEAD + vrrp.length);
        assertThat(Arrays.copyOfRange(out, 0, 6)).isEqualTo(TestBytes.hex("333300000012"));
        assertThat(Arrays.copyOfRange(out, 6, 12)).isEqualTo(N1.toByteArray());
        assertThat(TestBytes.u16(out, 12)).isEqualTo(0x86dd);
        // version 6, traffic class 0xc0, flow label 0
        assertThat(Arrays.copyOfRange(out, IP, IP + 4)).isEqualTo(TestBytes.hex("6c000000"));
        assertThat(TestBytes.u16(out, IP + 4)).isEqualTo(24);
        assertThat(out[IP + 6] & 0xff).isEqualTo(112);
        assertThat(out[IP + 7] & 0xff).isEqualTo(255);
        assertThat(Arrays.copyOfRange(out, IP + 8, IP + 24)).isEqualTo(N1_LINK_LOCAL.getAddress());
        assertThat(Arrays.copyOfRange(out, IP + 24, IP + 40)).isEqualTo(GROUP6.getAddress());
        assertThat(Arrays.copyOfRange(out, 54, 78)).isEqualTo(vrrp);
        // RFC 5798 5.2.8: the VRRP checksum must verify against the pseudo-header as actually sent.
        byte[] pseudo = TestBytes.ipv6PseudoHeader(out, IP, 24, 112);
        assertThat(TestBytes.onesComplementSum(pseudo, Arrays.copyOfRange(out, 54, 78))).isEqualTo(0xffff);
    }

    @Test
    void ipv6FrameParsesBack() {
        byte[] vrrp = vrrpV3ForIpv6(N1_LINK_LOCAL, GROUP6, TestBytes.ip("2001:db8::1"));
        byte[] out = new byte[78];
        VrrpFrames.ipv6(N1, MacAddress.VRRP_IPV6_MULTICAST, N1_LINK_LOCAL, GROUP6, vrrp, 0, vrrp.length, out, 0);

        ReceivedVrrp r = TestBytes.parsed(out, 0, out.length);

        assertThat(r).isEqualTo(new ReceivedVrrp(N1, MacAddress.VRRP_IPV6_MULTICAST, -1, N1_LINK_LOCAL, GROUP6,
                255, 112, 54, 24));
        assertThat(r.isIpv6()).isTrue();
    }

    @Test
    void ipv6RejectsTooSmallBuffer() {
        assertThatThrownBy(() -> VrrpFrames.ipv6(N1, N1, N1_LINK_LOCAL, GROUP6, new byte[24], 0, 24,
                new byte[77], 0)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    // ---- parsing ------------------------------------------------------------------------

    @Test
    void parseReportsOffsetsInTheCallersArray() {
        byte[] buf = new byte[7 + 46 + 9];
        Arrays.fill(buf, (byte) 0x5a);
        System.arraycopy(FRAME_1, 0, buf, 7, 46);

        ReceivedVrrp r = TestBytes.parsed(buf, 7, 46);

        assertThat(r.vrrpOffset()).isEqualTo(7 + 34);
        assertThat(r.vrrpLength()).isEqualTo(12);
    }

    @Test
    void ethernetPaddingIsNotPartOfTheVrrpMessage() {
        byte[] padded = Arrays.copyOf(FRAME_1, 60);

        ReceivedVrrp r = TestBytes.parsed(padded, 0, padded.length);

        assertThat(r.vrrpLength()).isEqualTo(12);
    }

    @Test
    void oneVlanTagIsSkipped() {
        byte[] tagged = withVlanTag(FRAME_1, 0x2000 | 42); // PCP 1, VLAN 42

        ReceivedVrrp r = TestBytes.parsed(tagged, 0, tagged.length);

        assertThat(r.vlanId()).isEqualTo(42);
        assertThat(r.vrrpOffset()).isEqualTo(38);
        assertThat(r.source()).isEqualTo(N1_IP);
    }

    @Test
    void ipv4OptionsAreSkipped() {
        // Router Alert (RFC 2113), IHL 6
        byte[] f = new byte[50];
        System.arraycopy(FRAME_1, 0, f, 0, 34);
        System.arraycopy(TestBytes.hex("94040000"), 0, f, 34, 4);
        System.arraycopy(FRAME_1, 34, f, 38, 12);
        f[IP] = 0x46;
        f[IP + 3] = 36;
        fixIpv4Checksum(f, IP);

        ReceivedVrrp r = TestBytes.parsed(f, 0, f.length);

        assertThat(r.vrrpOffset()).isEqualTo(38);
        assertThat(r.vrrpLength()).isEqualTo(12);
    }

    @Test
    void badIpv4HeaderChecksumIsRefusedUnderItsReason() {
        byte[] f = FRAME_1.clone();
        f[IP + 11] ^= 1;
        assertThat(TestBytes.refusal(f, 0, f.length)).isEqualTo(DropReason.IP_HEADER_CHECKSUM);
    }

    @Test
    void dontFragmentIsAccepted() {
        byte[] f = FRAME_1.clone();
        f[IP + 6] = 0x40;
        fixIpv4Checksum(f, IP);
        assertThat(TestBytes.refusal(f, 0, f.length)).isNull();
    }

    @Test
    void fragmentsAreRefused() {
        byte[] moreFragments = FRAME_1.clone();
        moreFragments[IP + 6] = 0x20;
        fixIpv4Checksum(moreFragments, IP);
        byte[] laterFragment = FRAME_1.clone();
        laterFragment[IP + 7] = 1;
        fixIpv4Checksum(laterFragment, IP);

        assertThat(TestBytes.refusal(moreFragments, 0, 46)).isEqualTo(DropReason.IP_FRAGMENT);
        assertThat(TestBytes.refusal(laterFragment, 0, 46)).isEqualTo(DropReason.IP_FRAGMENT);
    }

    @Test
    void inconsistentIpv4HeadersAreRefusedUnderTheirReason() {
        assertThat(TestBytes.refusal(withIpv4Byte(9, 17), 0, 46)).as("UDP").isEqualTo(DropReason.NOT_VRRP);
        assertThat(TestBytes.refusal(withIpv4Byte(0, 0x55), 0, 46)).as("version 5")
                .isEqualTo(DropReason.MALFORMED_IP_HEADER);
        assertThat(TestBytes.refusal(withIpv4Byte(0, 0x44), 0, 46)).as("IHL 4")
                .isEqualTo(DropReason.MALFORMED_IP_HEADER);
        assertThat(TestBytes.refusal(withIpv4Byte(0, 0x4f), 0, 46)).as("IHL beyond frame")
                .isEqualTo(DropReason.MALFORMED_IP_HEADER);
        assertThat(TestBytes.refusal(withIpv4Byte(3, 19), 0, 46)).as("total length < header")
                .isEqualTo(DropReason.MALFORMED_IP_HEADER);
        assertThat(TestBytes.refusal(withIpv4Byte(3, 33), 0, 46)).as("total length > frame")
                .isEqualTo(DropReason.TRUNCATED_FRAME);
    }

    @Test
    void anIpPayloadWithoutTheVridIsATruncatedFrame() {
        // the 1-byte VRRP payload of the defect: total length 21, the checksum made right for it
        byte[] oneByte = withIpv4Byte(3, 21);
        assertThat(TestBytes.refusal(oneByte, 0, oneByte.length)).isEqualTo(DropReason.TRUNCATED_FRAME);
        byte[] twoBytes = withIpv4Byte(3, 22);
        assertThat(TestBytes.parsed(twoBytes, 0, twoBytes.length).vrrpLength()).isEqualTo(2);
        assertThat(TestBytes.refusal(FRAME_1, 0, 13)).as("Ethernet header cut").isEqualTo(DropReason.TRUNCATED_FRAME);
        assertThat(TestBytes.refusal(FRAME_1, 0, 33)).as("IPv4 header cut").isEqualTo(DropReason.TRUNCATED_FRAME);
    }

    @Test
    void ipv6WithOtherNextHeaderOrShortPayloadIsNotVrrp() {
        byte[] vrrp = vrrpV3ForIpv6(N1_LINK_LOCAL, GROUP6, TestBytes.ip("2001:db8::1"));
        byte[] f = new byte[78];
        VrrpFrames.ipv6(N1, MacAddress.VRRP_IPV6_MULTICAST, N1_LINK_LOCAL, GROUP6, vrrp, 0, vrrp.length, f, 0);

        byte[] hopByHop = f.clone();
        hopByHop[IP + 6] = 0;
        byte[] wrongVersion = f.clone();
        wrongVersion[IP] = 0x4c;

        assertThat(TestBytes.refusal(hopByHop, 0, 78)).isEqualTo(DropReason.NOT_VRRP);
        assertThat(TestBytes.refusal(wrongVersion, 0, 78)).isEqualTo(DropReason.MALFORMED_IP_HEADER);
        assertThat(TestBytes.refusal(f, 0, 77)).isEqualTo(DropReason.TRUNCATED_FRAME);
        assertThat(TestBytes.parsed(Arrays.copyOf(f, 90), 0, 90).vrrpLength()).isEqualTo(24);
    }

    @Test
    void ipv4MappedIpv6SourceStaysIpv6() {
        Inet6Address mapped = Addresses.ipv6(TestBytes.hex("00000000000000000000ffff0a4d000b"), 0);
        byte[] f = new byte[54 + 8];
        VrrpFrames.ipv6(N1, MacAddress.VRRP_IPV6_MULTICAST, mapped, GROUP6, new byte[8], 0, 8, f, 0);

        ReceivedVrrp r = TestBytes.parsed(f, 0, f.length);

        assertThat(r.source()).isInstanceOf(Inet6Address.class);
        assertThat(r.isIpv6()).isTrue();
    }

    // ---- helpers --------------------------------------------------------------------------

    /** A VRRPv3 advertisement (VRID 51, priority 150, 1 s) for one IPv6 VIP, checksummed by the test. */
    private static byte[] vrrpV3ForIpv6(Inet6Address src, Inet6Address dst, Inet6Address vip) {
        byte[] vrrp = new byte[24];
        System.arraycopy(TestBytes.hex("3133960100640000"), 0, vrrp, 0, 8);
        System.arraycopy(vip.getAddress(), 0, vrrp, 8, 16);
        byte[] ip = new byte[40];
        System.arraycopy(src.getAddress(), 0, ip, 8, 16);
        System.arraycopy(dst.getAddress(), 0, ip, 24, 16);
        int sum = TestBytes.onesComplementSum(TestBytes.ipv6PseudoHeader(ip, 0, 24, 112), vrrp);
        int checksum = ~sum & 0xffff;
        vrrp[6] = (byte) (checksum >>> 8);
        vrrp[7] = (byte) checksum;
        return vrrp;
    }

    static byte[] withVlanTag(byte[] frame, int tci) {
        byte[] tagged = new byte[frame.length + 4];
        System.arraycopy(frame, 0, tagged, 0, 12);
        tagged[12] = (byte) 0x81;
        tagged[14] = (byte) (tci >>> 8);
        tagged[15] = (byte) tci;
        System.arraycopy(frame, 12, tagged, 16, frame.length - 12);
        return tagged;
    }

    private static byte[] withIpv4Byte(int index, int value) {
        byte[] f = FRAME_1.clone();
        f[IP + index] = (byte) value;
        fixIpv4Checksum(f, IP);
        return f;
    }

    /** Recomputes the header checksum so a test exercises exactly one defect. */
    private static void fixIpv4Checksum(byte[] f, int ip) {
        int headerLength = Math.min((f[ip] & 0x0f) * 4, f.length - ip);
        f[ip + 10] = 0;
        f[ip + 11] = 0;
        int checksum = ~TestBytes.onesComplementSum(Arrays.copyOfRange(f, ip, ip + headerLength)) & 0xffff;
        f[ip + 10] = (byte) (checksum >>> 8);
        f[ip + 11] = (byte) checksum;
    }
}
