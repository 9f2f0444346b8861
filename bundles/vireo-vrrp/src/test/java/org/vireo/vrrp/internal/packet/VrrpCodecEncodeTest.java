package org.vireo.vrrp.internal.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.vireo.vrrp.internal.packet.Fixtures.LAB_VRID;
import static org.vireo.vrrp.internal.packet.Fixtures.LINK_LOCAL_V6;
import static org.vireo.vrrp.internal.packet.Fixtures.N1;
import static org.vireo.vrrp.internal.packet.Fixtures.N2;
import static org.vireo.vrrp.internal.packet.Fixtures.VRRP_GROUP_V4;
import static org.vireo.vrrp.internal.packet.Fixtures.VRRP_GROUP_V6;
import static org.vireo.vrrp.internal.packet.Fixtures.accepted;
import static org.vireo.vrrp.internal.packet.Fixtures.decode;
import static org.vireo.vrrp.internal.packet.Fixtures.decodeFromN1;
import static org.vireo.vrrp.internal.packet.Fixtures.dropReason;
import static org.vireo.vrrp.internal.packet.Fixtures.ip;
import static org.vireo.vrrp.internal.packet.Fixtures.ips;
import static org.vireo.vrrp.internal.packet.Fixtures.labAdvert;
import static org.vireo.vrrp.internal.packet.Fixtures.v2Advert;
import static org.vireo.vrrp.internal.packet.Fixtures.v2Context;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.vireo.vrrp.DropReason;

class VrrpCodecEncodeTest {

    private static final HexFormat HEX = HexFormat.of();

    @Nested
    class Version3OverIpv4 {

        @Test
        void writesTheFieldsInRfc5798Layout() {
            // given: two addresses, Max Adver Int 0x2A5 = 677 cs to exercise both interval bytes
            VrrpAdvert advert = new VrrpAdvert(VrrpVersion.V3, 7, 200, 0x2A5, ips("192.0.2.1", "192.0.2.2"));

            // when
            byte[] message = VrrpCodec.encode(advert, N1, VRRP_GROUP_V4);

            // then
            assertThat(message).hasSize(8 + 2 * 4);
            assertThat(message[0]).isEqualTo((byte) 0x31);
            assertThat(message[1]).isEqualTo((byte) 7);
            assertThat(message[2] & 0xFF).isEqualTo(200);
            assertThat(message[3]).isEqualTo((byte) 2);
            assertThat(message[4]).isEqualTo((byte) 0x02);
            assertThat(message[5]).isEqualTo((byte) 0xA5);
            assertThat(Arrays.copyOfRange(message, 8, 16)).isEqualTo(HEX.parseHex("c0000201c0000202"));
            assertThat(IndependentChecksum.field(message))
                    .isEqualTo(IndependentChecksum.expected(message, VrrpVersion.V3, N1, VRRP_GROUP_V4));
        }

        @Test
        void producesKeepalivedsBytesForTheLabAdvert() {
            // frame 1 of the capture, VRRP part
            assertThat(VrrpCodec.encode(labAdvert(), N1, VRRP_GROUP_V4))
                    .isEqualTo(HEX.parseHex("31339601006443320a4d0001"));
        }

        @Test
        void writesTheReservedBitsAsZeroOverADirtyBuffer() {
            byte[] buffer = new byte[64];
            Arrays.fill(buffer, (byte) 0xFF);
            VrrpAdvert advert = new VrrpAdvert(VrrpVersion.V3, LAB_VRID, 150, 4095, ips("10.77.0.1"));

            VrrpCodec.encode(advert, N1, VRRP_GROUP_V4, buffer, 0);

            assertThat(buffer[4] & 0xF0).isZero();
            assertThat(Arrays.copyOf(buffer, 12)).isEqualTo(VrrpCodec.encode(advert, N1, VRRP_GROUP_V4));
        }

        @Test
        void writesAtTheOffsetWithoutTouchingTheNeighbouringBytes() {
            // given
            byte[] buffer = new byte[40];
            Arrays.fill(buffer, (byte) 0x5A);

            // when
            int written = VrrpCodec.encode(labAdvert(), N1, VRRP_GROUP_V4, buffer, 20);

            // then
            assertThat(written).isEqualTo(12);
            assertThat(Arrays.copyOfRange(buffer, 20, 32)).isEqualTo(VrrpCodec.encode(labAdvert(), N1, VRRP_GROUP_V4));
            assertThat(Arrays.copyOfRange(buffer, 0, 20)).containsOnly((byte) 0x5A);
            assertThat(Arrays.copyOfRange(buffer, 32, 40)).containsOnly((byte) 0x5A);
        }

        @Test
        void checksumDependsOnTheIpAddressesOfThePacket() {
            byte[] fromN1 = VrrpCodec.encode(labAdvert(), N1, VRRP_GROUP_V4);
            byte[] fromN2 = VrrpCodec.encode(labAdvert(), N2, VRRP_GROUP_V4);

            assertThat(IndependentChecksum.field(fromN1)).isNotEqualTo(IndependentChecksum.field(fromN2));
            assertThat(Arrays.copyOf(fromN1, 6)).isEqualTo(Arrays.copyOf(fromN2, 6));
        }
    }

    @Nested
    class Version2 {

        @Test
        void writesTheFieldsInRfc3768LayoutWithZeroAuthenticationData() {
            // given
            VrrpAdvert advert = v2Advert(100, "10.77.0.1", "10.77.0.2");

            // when
            byte[] message = VrrpCodec.encode(advert, N1, VRRP_GROUP_V4);

            // then
            assertThat(message).hasSize(8 + 2 * 4 + 8);
            assertThat(Arrays.copyOf(message, 6)).isEqualTo(HEX.parseHex("213364020001"));
            assertThat(Arrays.copyOfRange(message, 8, 16)).isEqualTo(HEX.parseHex("0a4d00010a4d0002"));
            assertThat(Arrays.copyOfRange(message, 16, 24)).containsOnly((byte) 0);
        }

        @Test
        void checksumCoversTheMessageOnly() {
            // given
            byte[] message = VrrpCodec.encode(v2Advert(100, "10.77.0.1"), N1, VRRP_GROUP_V4);

            // then: RFC 1071 over the message alone, no pseudo-header, sums to all ones
            assertThat(IndependentChecksum.onesComplementSum(message)).isEqualTo(0xFFFF);
            // by hand: words 2133 6401 0001 0a4d 0001 (auth data is zero) sum to 0x8f83, no carry; ~0x8f83 = 0x707c
            assertThat(IndependentChecksum.field(message)).isEqualTo(0x707c);
        }

        @Test
        void checksumDoesNotDependOnTheIpAddresses() {
            assertThat(VrrpCodec.encode(v2Advert(100, "10.77.0.1"), N1, VRRP_GROUP_V4))
                    .isEqualTo(VrrpCodec.encode(v2Advert(100, "10.77.0.1"), N2, ip("10.77.0.255")));
        }

        @Test
        void roundTripsThroughDecode() {
            // given
            VrrpAdvert advert = new VrrpAdvert(VrrpVersion.V2, 200, 254, 255, ips("10.0.0.1", "10.0.0.2", "10.0.0.3"));
            ReceiveContext context = new ReceiveContext(VrrpVersion.V2, 200, false, advert.addresses(), 255);

            // when
            byte[] message = VrrpCodec.encode(advert, N1, VRRP_GROUP_V4);
            ReceiveResult.Accepted result = accepted(decodeFromN1(message, context));

            // then
            assertThat(result.advert()).isEqualTo(advert);
            assertThat(result.addressListDiffers()).isFalse();
        }
    }

    @Nested
    class Version3OverIpv6 {

        private final VrrpAdvert advert =
                new VrrpAdvert(VrrpVersion.V3, 10, 120, 100, ips("fe80::1", "2001:db8:77::1"));

        @Test
        void checksumIncludesTheRfc8200PseudoHeader() {
            // given: the pseudo-header as RFC 8200 8.1 draws it, built by hand
            byte[] message = VrrpCodec.encode(advert, LINK_LOCAL_V6, VRRP_GROUP_V6);
            byte[] pseudo = HEX.parseHex("fe800000000000000000000000000011" // source
                    + "ff020000000000000000000000000012" // destination
                    + "00000028" // upper-layer packet length: 8 + 2 * 16 = 40
                    + "000000" + "70"); // zero, next header 112
            byte[] zeroedMessage = message.clone();
            zeroedMessage[6] = 0;
            zeroedMessage[7] = 0;

            // when
            int expected = ~IndependentChecksum.onesComplementSum(concat(pseudo, zeroedMessage)) & 0xFFFF;

            // then
            assertThat(IndependentChecksum.field(message)).isEqualTo(expected);
            assertThat(IndependentChecksum.onesComplementSum(concat(pseudo, message))).isEqualTo(0xFFFF);
        }

        @Test
        void checksumIsNotTheOneOfAnIpv4StylePseudoHeaderNorOfAnotherNextHeader() {
            byte[] message = VrrpCodec.encode(advert, LINK_LOCAL_V6, VRRP_GROUP_V6);
            byte[] withNextHeader58 = IndependentChecksum.ipv6PseudoHeader(LINK_LOCAL_V6, VRRP_GROUP_V6, 40);
            withNextHeader58[39] = 58;

            assertThat(IndependentChecksum.onesComplementSum(concat(withNextHeader58, message))).isNotEqualTo(0xFFFF);
            assertThat(IndependentChecksum.onesComplementSum(message)).isNotEqualTo(0xFFFF);
        }

        @Test
        void roundTripsThroughDecode() {
            // given
            ReceiveContext context = new ReceiveContext(VrrpVersion.V3, 10, false, advert.addresses(), 100);
            byte[] message = VrrpCodec.encode(advert, LINK_LOCAL_V6, VRRP_GROUP_V6);

            // when
            ReceiveResult result = decode(message, LINK_LOCAL_V6, VRRP_GROUP_V6, 255, context);

            // then
            assertThat(message).hasSize(8 + 2 * 16);
            assertThat(accepted(result).advert()).isEqualTo(advert);
        }

        @Test
        void dropsTheMessageWhenReceivedFromAnotherLinkLocalSource() {
            ReceiveContext context = new ReceiveContext(VrrpVersion.V3, 10, false, advert.addresses(), 100);
            byte[] message = VrrpCodec.encode(advert, LINK_LOCAL_V6, VRRP_GROUP_V6);

            assertThat(dropReason(decode(message, ip("fe80::12"), VRRP_GROUP_V6, 255, context)))
                    .isEqualTo(DropReason.CHECKSUM);
        }

        @Test
        void encodesAndDecodesTheLongestMessage() {
            // given 255 IPv6 addresses
            List<InetAddress> addresses = new ArrayList<>();
            for (int i = 0; i < 255; i++) {
                addresses.add(ip("2001:db8::" + Integer.toHexString(i + 1)));
            }
            VrrpAdvert longest = new VrrpAdvert(VrrpVersion.V3, 255, 255, 4095, addresses);
            ReceiveContext context = new ReceiveContext(VrrpVersion.V3, 255, false, addresses, 4095);

            // when
            byte[] message = VrrpCodec.encode(longest, LINK_LOCAL_V6, VRRP_GROUP_V6);

            // then
            assertThat(message).hasSize(VrrpCodec.MAX_LENGTH).hasSize(4088);
            assertThat(accepted(decode(message, LINK_LOCAL_V6, VRRP_GROUP_V6, 255, context)).advert())
                    .isEqualTo(longest);
        }
    }

    @Nested
    class Arguments {

        @Test
        void encodedLengthCountsFixedFieldsAddressesAndVersion2AuthenticationData() {
            assertThat(VrrpCodec.encodedLength(labAdvert())).isEqualTo(12);
            assertThat(VrrpCodec.encodedLength(v2Advert(1, "10.0.0.1", "10.0.0.2"))).isEqualTo(24);
            assertThat(VrrpCodec.encodedLength(new VrrpAdvert(VrrpVersion.V3, 1, 1, 1, ips("fe80::1"))))
                    .isEqualTo(24);
        }

        @Test
        void rejectsABufferTooSmallWithoutWritingIntoIt() {
            byte[] buffer = new byte[12];

            assertThatThrownBy(() -> VrrpCodec.encode(labAdvert(), N1, VRRP_GROUP_V4, buffer, 1))
                    .isInstanceOf(IndexOutOfBoundsException.class);
            assertThat(buffer).containsOnly((byte) 0);
        }

        @Test
        void rejectsASourceOrDestinationOfTheOtherFamily() {
            assertThatThrownBy(() -> VrrpCodec.encode(labAdvert(), LINK_LOCAL_V6, VRRP_GROUP_V4))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("source").hasMessageContaining("IPv4").hasMessageContaining("fe80");
            assertThatThrownBy(() -> VrrpCodec.encode(labAdvert(), N1, VRRP_GROUP_V6))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("destination");
        }

        @Test
        void rejectsAVersion2AdvertForIpv6Transport() {
            assertThatThrownBy(() -> VrrpCodec.encode(v2Advert(1, "10.0.0.1"), LINK_LOCAL_V6, VRRP_GROUP_V6))
                    .isInstanceOf(IllegalArgumentException.class);
        }

        @Test
        void rejectsNullArguments() {
            assertThatThrownBy(() -> VrrpCodec.encode(labAdvert(), null, VRRP_GROUP_V4))
                    .isInstanceOf(NullPointerException.class).hasMessageContaining("source");
            assertThatThrownBy(() -> VrrpCodec.encode(null, N1, VRRP_GROUP_V4))
                    .isInstanceOf(NullPointerException.class);
        }

        @Test
        void decodesAVersion2AdvertEncodedForAnotherInstanceAsThatInstanceSees() {
            // sanity of the v2 helpers used across tests
            assertThat(accepted(decodeFromN1(VrrpCodec.encode(v2Advert(100, "10.77.0.1"), N1, VRRP_GROUP_V4),
                    v2Context("10.77.0.1"))).advert()).isEqualTo(v2Advert(100, "10.77.0.1"));
        }
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
