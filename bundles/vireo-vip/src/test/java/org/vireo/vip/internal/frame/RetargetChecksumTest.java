package org.vireo.vip.internal.frame;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.Arrays;

import org.junit.jupiter.api.Test;

class RetargetChecksumTest {

    /** The keepalived form of the VRRPv3 IPv4 checksum: pseudo-header (src, dst, 0, 112, length) + message. */
    private static int check(byte[] vrrp, InetAddress src, InetAddress dst) {
        long sum = InternetChecksum.add(0, src.getAddress(), 0, 4);
        sum = InternetChecksum.add(sum, dst.getAddress(), 0, 4);
        sum += VrrpFrames.IP_PROTOCOL_VRRP + vrrp.length;
        return InternetChecksum.finish(InternetChecksum.add(sum, vrrp, 0, vrrp.length));
    }

    private static byte[] keepalivedAdvert() {
        byte[] frame = Fixtures.packets().get(0).data();
        ReceivedVrrp p = TestBytes.parsed(frame, 0, frame.length);
        return Arrays.copyOfRange(frame, p.vrrpOffset(), p.vrrpOffset() + p.vrrpLength());
    }

    @Test
    void aRetargetedV3ChecksumIsRightForTheNewDestinationAndNoLongerForTheOld() throws Exception {
        byte[] frame = Fixtures.packets().get(0).data();
        ReceivedVrrp p = TestBytes.parsed(frame, 0, frame.length);
        byte[] vrrp = keepalivedAdvert();
        assertThat(vrrp[0] >>> 4).isEqualTo(3);
        assertThat(check(vrrp, p.source(), p.destination())).isZero();

        InetAddress peer = InetAddress.getByName("10.77.0.12");
        VrrpFrames.retargetChecksum(vrrp, 0, p.destination(), peer);

        assertThat(check(vrrp, p.source(), peer)).isZero();
        assertThat(check(vrrp, p.source(), p.destination())).isNotZero();
    }

    @Test
    void aV2MessageHasNoPseudoHeaderAndKeepsItsChecksum() throws Exception {
        byte[] vrrp = keepalivedAdvert();
        vrrp[0] = (byte) 0x21;
        byte[] before = vrrp.clone();
        VrrpFrames.retargetChecksum(vrrp, 0, InetAddress.getByName("224.0.0.18"), InetAddress.getByName("10.0.0.1"));
        assertThat(vrrp).isEqualTo(before);
    }
}
