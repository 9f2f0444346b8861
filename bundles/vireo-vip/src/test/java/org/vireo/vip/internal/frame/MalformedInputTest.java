package org.vireo.vip.internal.frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.Inet6Address;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.vireo.vrrp.DropReason;

/**
 * Whatever the wire delivers, VrrpFrames.parse answers a packet or its one refusal (with a reason), and ArpFrames.parse
 * a packet or null; nothing else escapes either.
 */
class MalformedInputTest {

    private static final long SEED = 0x5eed_f4a3L;

    /** Every capture frame plus synthetic IPv6, NA, VLAN-tagged and padded variants. */
    private static List<byte[]> samples() {
        List<byte[]> samples = new ArrayList<>();
        for (Pcap.Packet p : Fixtures.packets()) {
            samples.add(p.data());
            samples.add(VrrpFramesTest.withVlanTag(p.data(), 42));
            samples.add(Arrays.copyOf(p.data(), 60));
        }
        MacAddress mac = MacAddress.parse("02:77:00:00:00:0b");
        Inet6Address ll = TestBytes.ip("fe80::77:ff:fe00:b");
        byte[] v6 = new byte[VrrpFrames.IPV6_OVERHEAD + 24];
        VrrpFrames.ipv6(mac, MacAddress.VRRP_IPV6_MULTICAST, ll, TestBytes.ip("ff02::12"), new byte[24], 0, 24, v6, 0);
        samples.add(v6);
        samples.add(VrrpFramesTest.withVlanTag(v6, 3));
        byte[] na = new byte[NeighborAdvertisementFrames.LENGTH];
        NeighborAdvertisementFrames.unsolicited(mac, TestBytes.ip("2001:db8::1"), ll, na, 0);
        samples.add(na);
        return samples;
    }

    @Test
    void everyTruncationIsHandled() {
        for (byte[] sample : samples()) {
            ReceivedVrrp full = TestBytes.refusal(sample, 0, sample.length) == null
                    ? TestBytes.parsed(sample, 0, sample.length) : null;
            for (int len = 0; len <= sample.length; len++) {
                int n = len;
                assertThatCode(() -> parseBoth(sample, 0, n)).doesNotThrowAnyException();
                // A copy of exactly len bytes also exercises the array end, not just the len argument.
                byte[] cut = Arrays.copyOf(sample, len);
                assertThatCode(() -> parseBoth(cut, 0, cut.length)).doesNotThrowAnyException();
                if (full != null) {
                    boolean whole = len >= full.vrrpOffset() + full.vrrpLength();
                    assertThat(TestBytes.refusal(sample, 0, len)).as("len %d", len)
                            .isEqualTo(whole ? null : DropReason.TRUNCATED_FRAME);
                }
            }
        }
    }

    @Test
    void randomByteFlipsNeverThrow() {
        Random random = new Random(SEED);
        List<byte[]> samples = samples();
        for (int i = 0; i < 20_000; i++) {
            byte[] f = samples.get(random.nextInt(samples.size())).clone();
            int flips = 1 + random.nextInt(4);
            for (int k = 0; k < flips; k++) {
                f[random.nextInt(f.length)] ^= (byte) (1 + random.nextInt(255));
            }
            int len = random.nextBoolean() ? f.length : random.nextInt(f.length + 1);
            assertThatCode(() -> parseBoth(f, 0, len)).as("iteration %d", i).doesNotThrowAnyException();
        }
    }

    @Test
    void flipsInTheIpv4HeaderAreCaughtByItsChecksumOrChecks() {
        Random random = new Random(SEED);
        byte[] frame1 = Fixtures.packets().get(0).data();
        assertThat(TestBytes.refusal(frame1, 0, frame1.length)).isNull();
        for (int i = 0; i < 5_000; i++) {
            byte[] f = frame1.clone();
            int at = 14 + random.nextInt(20);
            f[at] ^= (byte) (1 << random.nextInt(8)); // one bit: always detected by the RFC 1071 sum
            assertThat(TestBytes.refusal(f, 0, f.length)).as("bit flip at %d", at).isNotNull();
        }
    }

    @Test
    void randomGarbageNeverThrows() {
        Random random = new Random(SEED + 1);
        for (int i = 0; i < 20_000; i++) {
            byte[] f = new byte[random.nextInt(120)];
            random.nextBytes(f);
            // Steer a share of the junk past the EtherType check so the IP/ARP paths get exercised too.
            if (f.length >= 14 && random.nextBoolean()) {
                int[] types = {0x0800, 0x86dd, 0x0806, 0x8100};
                int type = types[random.nextInt(types.length)];
                f[12] = (byte) (type >>> 8);
                f[13] = (byte) type;
                if (f.length > 14) {
                    f[14] = (byte) (type == 0x86dd ? 0x60 : 0x45); // right IP version, plain header
                }
            }
            assertThatCode(() -> parseBoth(f, 0, f.length)).doesNotThrowAnyException();
        }
    }

    @Test
    void invalidSlicesAreTheCallersBugNotFrames() {
        byte[] f = Fixtures.packets().get(0).data();
        assertThatThrownBy(() -> VrrpFrames.parse(null, 0, 46)).isInstanceOf(NullPointerException.class);
        for (int[] slice : new int[][] {{-1, 46}, {0, -1}, {1, 46}, {0, 47}, {Integer.MAX_VALUE, 46},
            {46, Integer.MAX_VALUE}}) {
            assertThatThrownBy(() -> VrrpFrames.parse(f, slice[0], slice[1])).as("slice %d, %d", slice[0], slice[1])
                    .isInstanceOf(IndexOutOfBoundsException.class);
        }
        assertThat(ArpFrames.parse(null, 0, 42)).isNull();
        assertThat(ArpFrames.parse(f, 40, 10)).isNull();
    }

    /** Only the refusal is caught: anything else that escapes fails the test. */
    private static void parseBoth(byte[] f, int off, int len) {
        try {
            VrrpFrames.parse(f, off, len);
        } catch (RefusedFrameException expected) {
            assertThat(expected.reason()).isNotNull();
        }
        ArpFrames.parse(f, off, len);
    }
}
