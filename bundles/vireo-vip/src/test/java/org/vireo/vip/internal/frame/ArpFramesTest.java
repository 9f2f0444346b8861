package org.vireo.vip.internal.frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.Inet4Address;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class ArpFramesTest {

    private static final MacAddress SENDER = MacAddress.parse("02:77:00:00:00:0b");
    private static final Inet4Address VIP = TestBytes.ip("10.77.0.1");

    @Test
    void gratuitousRequestLayout() {
        byte[] out = new byte[50];
        assertThat(ArpFrames.gratuitousRequest(SENDER, VIP, out, 3)).isEqualTo(ArpFrames.GRATUITOUS_LENGTH);
        assertThat(Arrays.copyOfRange(out, 3, 45)).isEqualTo(TestBytes.hex(
                "ffffffffffff 02770000000b 0806"
                + "0001 0800 06 04 0001 02770000000b 0a4d0001 ffffffffffff 0a4d0001"));
        assertThatThrownBy(() -> ArpFrames.gratuitousRequest(SENDER, VIP, out, 9))
                .isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void parsesAReplyWithPaddingAndVlanTag() {
        // 10.77.0.12 answers 10.77.0.11: is-at 02:77:00:00:00:0c, padded to 60 bytes by the NIC.
        byte[] reply = Arrays.copyOf(TestBytes.hex(
                "02770000000b 02770000000c 0806"
                + "0001 0800 06 04 0002 02770000000c 0a4d000c 02770000000b 0a4d000b"), 60);
        byte[] tagged = VrrpFramesTest.withVlanTag(reply, 7);

        ArpPacket arp = ArpFrames.parse(tagged, 0, tagged.length);

        assertThat(arp).isEqualTo(new ArpPacket(MacAddress.parse("02:77:00:00:00:0c"), SENDER, 7, ArpPacket.REPLY,
                MacAddress.parse("02:77:00:00:00:0c"), TestBytes.ip("10.77.0.12"), SENDER,
                TestBytes.ip("10.77.0.11")));
        assertThat(arp.isGratuitous()).isFalse();
    }

    @Test
    void rejectsNonEthernetOrNonIpv4Arp() {
        byte[] good = new byte[42];
        ArpFrames.gratuitousRequest(SENDER, VIP, good, 0);
        for (int[] change : new int[][] {{12, 0x08, 13, 0x00}, {15, 6, 15, 6}, {16, 0x86, 17, 0xdd},
                {18, 8, 18, 8}, {19, 16, 19, 16}}) {
            byte[] bad = good.clone();
            bad[change[0]] = (byte) change[1];
            bad[change[2]] = (byte) change[3];
            assertThat(ArpFrames.parse(bad, 0, bad.length)).as("change at %d", change[0]).isNull();
        }
        assertThat(ArpFrames.parse(good, 0, 41)).isNull();
        assertThat(ArpFrames.parse(good, 0, 42)).isNotNull();
    }
}
