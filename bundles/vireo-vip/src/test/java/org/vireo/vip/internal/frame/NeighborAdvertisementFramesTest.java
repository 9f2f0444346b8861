package org.vireo.vip.internal.frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.Inet6Address;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.vireo.vrrp.DropReason;

class NeighborAdvertisementFramesTest {

    private static final MacAddress SENDER = MacAddress.parse("02:77:00:00:00:0b");
    private static final Inet6Address VIP = TestBytes.ip("2001:db8:77::1");
    private static final Inet6Address LINK_LOCAL = TestBytes.ip("fe80::77:ff:fe00:b");
    private static final int IP = 14;
    private static final int ICMP = 54;

    private final byte[] frame = new byte[NeighborAdvertisementFrames.LENGTH];
    private final int length = NeighborAdvertisementFrames.unsolicited(SENDER, VIP, LINK_LOCAL, frame, 0);

    @Test
    void ethernetAndIpv6HeadersGoToAllNodes() {
        assertThat(length).isEqualTo(86);
        assertThat(Arrays.copyOfRange(frame, 0, 6)).isEqualTo(TestBytes.hex("333300000001"));
        assertThat(Arrays.copyOfRange(frame, 6, 12)).isEqualTo(SENDER.toByteArray());
        assertThat(TestBytes.u16(frame, 12)).isEqualTo(0x86dd);
        assertThat(Arrays.copyOfRange(frame, IP, IP + 4)).isEqualTo(TestBytes.hex("60000000"));
        assertThat(TestBytes.u16(frame, IP + 4)).isEqualTo(32);
        assertThat(frame[IP + 6] & 0xff).isEqualTo(58);
        assertThat(frame[IP + 7] & 0xff).isEqualTo(255);
        assertThat(Arrays.copyOfRange(frame, IP + 8, IP + 24)).isEqualTo(LINK_LOCAL.getAddress());
        assertThat(Arrays.copyOfRange(frame, IP + 24, IP + 40))
                .isEqualTo(((Inet6Address) TestBytes.ip("ff02::1")).getAddress());
    }

    @Test
    void icmpv6NeighborAdvertisementFields() {
        assertThat(frame[ICMP] & 0xff).isEqualTo(136);
        assertThat(frame[ICMP + 1]).isZero();
        // R=0, S=0, O=1, reserved 0
        assertThat(Arrays.copyOfRange(frame, ICMP + 4, ICMP + 8)).isEqualTo(TestBytes.hex("20000000"));
        assertThat(Arrays.copyOfRange(frame, ICMP + 8, ICMP + 24)).isEqualTo(VIP.getAddress());
        // option 2 (target link-layer address), length 1 (x 8 bytes), the MAC
        assertThat(Arrays.copyOfRange(frame, ICMP + 24, ICMP + 32))
                .isEqualTo(TestBytes.hex("0201 02770000000b"));
    }

    /** Where hosts route through the VIP (org.vireo.vip neighbourAdvertRouter): R=1, O=1, still a valid checksum. */
    @Test
    void theRouterFlagIsSetWhenAsked() {
        byte[] routerFrame = new byte[NeighborAdvertisementFrames.LENGTH];
        NeighborAdvertisementFrames.unsolicited(SENDER, VIP, LINK_LOCAL, true, routerFrame, 0);
        assertThat(Arrays.copyOfRange(routerFrame, ICMP + 4, ICMP + 8)).isEqualTo(TestBytes.hex("a0000000"));
        byte[] pseudo = TestBytes.ipv6PseudoHeader(routerFrame, IP, 32, 58);
        assertThat(TestBytes.onesComplementSum(pseudo, Arrays.copyOfRange(routerFrame, ICMP, ICMP + 32)))
                .isEqualTo(0xffff);
    }

    @Test
    void icmpv6ChecksumVerifiesOverPseudoHeader() {
        byte[] pseudo = TestBytes.ipv6PseudoHeader(frame, IP, 32, 58);
        assertThat(TestBytes.onesComplementSum(pseudo, Arrays.copyOfRange(frame, ICMP, ICMP + 32)))
                .isEqualTo(0xffff);
        assertThat(TestBytes.u16(frame, ICMP + 2)).isNotZero();
    }

    @Test
    void checksumChangesWithTheTarget() {
        byte[] other = new byte[86];
        NeighborAdvertisementFrames.unsolicited(SENDER, TestBytes.ip("2001:db8:77::2"), LINK_LOCAL, other, 0);
        assertThat(TestBytes.u16(other, ICMP + 2)).isNotEqualTo(TestBytes.u16(frame, ICMP + 2));
        byte[] pseudo = TestBytes.ipv6PseudoHeader(other, IP, 32, 58);
        assertThat(TestBytes.onesComplementSum(pseudo, Arrays.copyOfRange(other, ICMP, ICMP + 32)))
                .isEqualTo(0xffff);
    }

    @Test
    void writesAtAnOffsetAndChecksBounds() {
        byte[] out = new byte[100];
        assertThat(NeighborAdvertisementFrames.unsolicited(SENDER, VIP, LINK_LOCAL, out, 10)).isEqualTo(86);
        assertThat(Arrays.copyOfRange(out, 10, 96)).isEqualTo(frame);
        assertThatThrownBy(() -> NeighborAdvertisementFrames.unsolicited(SENDER, VIP, LINK_LOCAL, out, 15))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void isNotMistakenForVrrp() {
        assertThat(TestBytes.refusal(frame, 0, frame.length)).isEqualTo(DropReason.NOT_VRRP);
    }
}
