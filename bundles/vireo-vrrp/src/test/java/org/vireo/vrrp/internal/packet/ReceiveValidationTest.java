package org.vireo.vrrp.internal.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.vireo.vrrp.internal.packet.Fixtures.LAB_VIP;
import static org.vireo.vrrp.internal.packet.Fixtures.LAB_VRID;
import static org.vireo.vrrp.internal.packet.Fixtures.LINK_LOCAL_V6;
import static org.vireo.vrrp.internal.packet.Fixtures.N1;
import static org.vireo.vrrp.internal.packet.Fixtures.VRRP_GROUP_V4;
import static org.vireo.vrrp.internal.packet.Fixtures.VRRP_GROUP_V6;
import static org.vireo.vrrp.internal.packet.Fixtures.accepted;
import static org.vireo.vrrp.internal.packet.Fixtures.decode;
import static org.vireo.vrrp.internal.packet.Fixtures.decodeFromN1;
import static org.vireo.vrrp.internal.packet.Fixtures.dropReason;
import static org.vireo.vrrp.internal.packet.Fixtures.ip;
import static org.vireo.vrrp.internal.packet.Fixtures.ips;
import static org.vireo.vrrp.internal.packet.Fixtures.labAdvert;
import static org.vireo.vrrp.internal.packet.Fixtures.labContext;
import static org.vireo.vrrp.internal.packet.Fixtures.v2Advert;
import static org.vireo.vrrp.internal.packet.Fixtures.v2Context;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.vireo.vrrp.DropReason;

/** Receive checks of RFC 5798 / RFC 3768 section 7.1: one rule broken at a time, then their order. */
class ReceiveValidationTest {

    private static final InetAddress OTHER_VIP = ip("10.77.0.2");

    /** The lab master's advert as n1 sends it. */
    private static byte[] labPacket() {
        return VrrpCodec.encode(labAdvert(), N1, VRRP_GROUP_V4);
    }

    private static byte[] resealedV3(byte[] message) {
        return IndependentChecksum.reseal(message, VrrpVersion.V3, N1, VRRP_GROUP_V4);
    }

    private static byte[] resealedV2(byte[] message) {
        return IndependentChecksum.reseal(message, VrrpVersion.V2, N1, VRRP_GROUP_V4);
    }

    @Test
    void acceptsTheLabAdvert() {
        ReceiveResult.Accepted result = accepted(decodeFromN1(labPacket(), labContext()));

        assertThat(result.advert()).isEqualTo(labAdvert());
        assertThat(result.addressListDiffers()).isFalse();
    }

    @Nested
    class NotAPeer {

        private final InetAddress stranger = ip("10.77.0.66");

        private ReceiveContext onlyFromN1() {
            return new ReceiveContext(VrrpVersion.V3, LAB_VRID, false, List.of(LAB_VIP), 100, List.of(N1));
        }

        @Test
        void dropsAnOwnersAdvertFromASourceThatIsNotAllowed() {
            // given a stranger's priority-255 advert, well formed and checksummed for its own address
            byte[] message = VrrpCodec.encode(new VrrpAdvert(VrrpVersion.V3, LAB_VRID, 255, 100, List.of(LAB_VIP)),
                    stranger, VRRP_GROUP_V4);

            // when / then
            assertThat(dropReason(decode(message, stranger, VRRP_GROUP_V4, 255, onlyFromN1())))
                    .isEqualTo(DropReason.NOT_A_PEER);
            accepted(decode(message, stranger, VRRP_GROUP_V4, 255, labContext()));
        }

        @Test
        void takesTheAdvertOfAnAllowedPeer() {
            assertThat(accepted(decodeFromN1(labPacket(), onlyFromN1())).advert()).isEqualTo(labAdvert());
        }

        @Test
        void isCheckedBeforeAnythingElse() {
            assertThat(dropReason(decode(new byte[0], stranger, VRRP_GROUP_V4, 1, onlyFromN1())))
                    .isEqualTo(DropReason.NOT_A_PEER);
        }
    }

    @Nested
    class TtlNot255 {

        @ParameterizedTest
        @ValueSource(ints = {0, 1, 64, 254, 256, -1})
        void dropsAPacketWhoseTtlIsNot255(int ttl) {
            assertThat(dropReason(decode(labPacket(), N1, VRRP_GROUP_V4, ttl, labContext())))
                    .isEqualTo(DropReason.TTL_NOT_255);
        }

        @Test
        void dropsAnIpv6PacketWhoseHopLimitIsNot255() {
            // given
            VrrpAdvert advert = new VrrpAdvert(VrrpVersion.V3, LAB_VRID, 100, 100, ips("fe80::1", "2001:db8::1"));
            ReceiveContext context = new ReceiveContext(VrrpVersion.V3, LAB_VRID, false, advert.addresses(), 100);
            byte[] message = VrrpCodec.encode(advert, LINK_LOCAL_V6, VRRP_GROUP_V6);

            // when / then
            assertThat(dropReason(decode(message, LINK_LOCAL_V6, VRRP_GROUP_V6, 254, context)))
                    .isEqualTo(DropReason.TTL_NOT_255);
            accepted(decode(message, LINK_LOCAL_V6, VRRP_GROUP_V6, 255, context));
        }
    }

    @Nested
    class WrongVersion {

        @Test
        void dropsAVersion2PacketAtAVersion3Instance() {
            byte[] v2 = VrrpCodec.encode(v2Advert(100, "10.77.0.1"), N1, VRRP_GROUP_V4);

            assertThat(dropReason(decodeFromN1(v2, labContext()))).isEqualTo(DropReason.WRONG_VERSION);
        }

        @Test
        void dropsAVersion3PacketAtAVersion2Instance() {
            assertThat(dropReason(decodeFromN1(labPacket(), v2Context("10.77.0.1"))))
                    .isEqualTo(DropReason.WRONG_VERSION);
        }

        @ParameterizedTest
        @ValueSource(ints = {0, 1, 4, 15})
        void dropsUnknownVersionNumbers(int version) {
            byte[] message = labPacket();
            message[0] = (byte) (version << 4 | 1);

            assertThat(dropReason(decodeFromN1(message, labContext()))).isEqualTo(DropReason.WRONG_VERSION);
        }
    }

    @Nested
    class UnknownType {

        @ParameterizedTest
        @ValueSource(ints = {0, 2, 3, 15})
        void dropsAnyTypeButAdvertisement(int type) {
            byte[] message = labPacket();
            message[0] = (byte) (0x30 | type);

            assertThat(dropReason(decodeFromN1(resealedV3(message), labContext())))
                    .isEqualTo(DropReason.UNKNOWN_TYPE);
        }
    }

    @Nested
    class AddressFamily {

        @Test
        void dropsAnIpv6PacketAtAnIpv4Instance() {
            // given an IPv6 advert with the lab's VRID
            VrrpAdvert advert = new VrrpAdvert(VrrpVersion.V3, LAB_VRID, 100, 100, ips("fe80::1"));
            byte[] message = VrrpCodec.encode(advert, LINK_LOCAL_V6, VRRP_GROUP_V6);

            // when received by the IPv4 instance
            ReceiveResult result = decode(message, LINK_LOCAL_V6, VRRP_GROUP_V6, 255, labContext());

            // then
            assertThat(dropReason(result)).isEqualTo(DropReason.ADDRESS_FAMILY);
        }

        @Test
        void dropsAnIpv4PacketAtAnIpv6Instance() {
            ReceiveContext ipv6Instance = new ReceiveContext(VrrpVersion.V3, LAB_VRID, false, ips("fe80::1"), 100);

            assertThat(dropReason(decodeFromN1(labPacket(), ipv6Instance))).isEqualTo(DropReason.ADDRESS_FAMILY);
        }

        @Test
        void dropsAVersion2PacketCarriedOverIpv6() {
            byte[] v2 = VrrpCodec.encode(v2Advert(100, "10.77.0.1"), N1, VRRP_GROUP_V4);

            ReceiveResult result = decode(v2, LINK_LOCAL_V6, VRRP_GROUP_V6, 255, v2Context("10.77.0.1"));

            assertThat(dropReason(result)).isEqualTo(DropReason.ADDRESS_FAMILY);
        }

        @Test
        void dropsWhenSourceAndDestinationDifferInFamily() {
            assertThat(dropReason(decode(labPacket(), N1, VRRP_GROUP_V6, 255, labContext())))
                    .isEqualTo(DropReason.ADDRESS_FAMILY);
        }

        @Test
        void dropsAnIpv6AddressListInAnIpv4Packet() {
            // given a v3 message whose single address is 16 bytes long, sent over IPv4
            VrrpAdvert ipv6Advert = new VrrpAdvert(VrrpVersion.V3, LAB_VRID, 100, 100, ips("2001:db8::1"));
            byte[] message = VrrpCodec.encode(ipv6Advert, LINK_LOCAL_V6, VRRP_GROUP_V6);
            resealedV3(message);

            // when / then
            assertThat(message).hasSize(8 + 16);
            assertThat(dropReason(decodeFromN1(message, labContext()))).isEqualTo(DropReason.ADDRESS_FAMILY);
        }

        @Test
        void dropsAVersion2PacketWithAnIpv6SizedAddressList() {
            // given a v2 message with count 1 and 16 address bytes before the auth data
            byte[] message = new byte[8 + 16 + 8];
            message[0] = 0x21;
            message[1] = (byte) LAB_VRID;
            message[2] = 100;
            message[3] = 1;
            message[5] = 1;
            resealedV2(message);

            assertThat(dropReason(decodeFromN1(message, v2Context("10.77.0.1"))))
                    .isEqualTo(DropReason.ADDRESS_FAMILY);
        }
    }

    @Nested
    class Truncated {

        @Test
        void dropsAnEmptyMessage() {
            assertThat(dropReason(decodeFromN1(new byte[0], labContext()))).isEqualTo(DropReason.TRUNCATED);
        }

        @ParameterizedTest
        @ValueSource(ints = {1, 4, 7})
        void dropsAMessageShorterThanTheFixedFields(int length) {
            byte[] message = Arrays.copyOf(labPacket(), length);

            assertThat(dropReason(decodeFromN1(message, labContext()))).isEqualTo(DropReason.TRUNCATED);
        }

        @Test
        void dropsAMessageMissingPartOfTheLastAddress() {
            byte[] message = Arrays.copyOf(labPacket(), 11);

            assertThat(dropReason(decodeFromN1(message, labContext()))).isEqualTo(DropReason.TRUNCATED);
        }

        @Test
        void dropsAMessageWhoseCountAnnouncesMoreAddressesThanItCarries() {
            byte[] message = labPacket();
            message[3] = 2;

            assertThat(dropReason(decodeFromN1(resealedV3(message), labContext()))).isEqualTo(DropReason.TRUNCATED);
        }

        @Test
        void dropsAMessageWithBytesBeyondItsAddresses() {
            // the IP length is authoritative: trailing bytes mean count and length disagree
            byte[] message = Arrays.copyOf(labPacket(), 16);

            assertThat(dropReason(decodeFromN1(resealedV3(message), labContext()))).isEqualTo(DropReason.TRUNCATED);
        }

        @Test
        void dropsAVersion2MessageWithoutItsAuthenticationData() {
            byte[] full = VrrpCodec.encode(v2Advert(100, "10.77.0.1"), N1, VRRP_GROUP_V4);
            byte[] message = resealedV2(Arrays.copyOf(full, full.length - 8));

            assertThat(dropReason(decodeFromN1(message, v2Context("10.77.0.1")))).isEqualTo(DropReason.TRUNCATED);
        }

        @Test
        void dropsAnIpv6MessageCutToTheLengthOfIpv4Addresses() {
            // a truncation, not a family problem: only the longer-than-expected case is classed as family
            VrrpAdvert advert = new VrrpAdvert(VrrpVersion.V3, LAB_VRID, 100, 100,
                    ips("fe80::1", "2001:db8::1", "2001:db8::2", "2001:db8::3"));
            ReceiveContext context = new ReceiveContext(VrrpVersion.V3, LAB_VRID, false, advert.addresses(), 100);
            byte[] message = Arrays.copyOf(VrrpCodec.encode(advert, LINK_LOCAL_V6, VRRP_GROUP_V6), 8 + 4 * 4);

            assertThat(dropReason(decode(message, LINK_LOCAL_V6, VRRP_GROUP_V6, 255, context)))
                    .isEqualTo(DropReason.TRUNCATED);
        }
    }

    @Nested
    class Checksum {

        @Test
        void dropsAMessageWithAFlippedChecksumBit() {
            byte[] message = labPacket();
            message[7] ^= 0x01;

            assertThat(dropReason(decodeFromN1(message, labContext()))).isEqualTo(DropReason.CHECKSUM);
        }

        @Test
        void dropsAMessageWithACorruptedAddress() {
            byte[] message = labPacket();
            message[11] ^= 0x40;

            assertThat(dropReason(decodeFromN1(message, labContext()))).isEqualTo(DropReason.CHECKSUM);
        }

        @Test
        void dropsAVersion3MessageReceivedFromAnotherSourceThanTheChecksumWasComputedFor() {
            // the pseudo-header binds the checksum to the IP addresses
            ReceiveResult result = decode(labPacket(), ip("10.77.0.99"), VRRP_GROUP_V4, 255, labContext());

            assertThat(dropReason(result)).isEqualTo(DropReason.CHECKSUM);
        }

        @Test
        void dropsAVersion3Ipv4MessageWhoseChecksumLeavesOutThePseudoHeader() {
            // the RFC 9568 / Cisco reading of 5.2.8; we follow RFC 5798 as keepalived does
            byte[] message = labPacket();
            message[6] = 0;
            message[7] = 0;
            int messageOnly = ~IndependentChecksum.onesComplementSum(message) & 0xFFFF;
            message[6] = (byte) (messageOnly >>> 8);
            message[7] = (byte) messageOnly;

            assertThat(dropReason(decodeFromN1(message, labContext()))).isEqualTo(DropReason.CHECKSUM);
        }

        @Test
        void dropsAVersion2MessageWithACorruptedAuthenticationData() {
            byte[] message = VrrpCodec.encode(v2Advert(100, "10.77.0.1"), N1, VRRP_GROUP_V4);
            message[message.length - 1] = 0x55;

            assertThat(dropReason(decodeFromN1(message, v2Context("10.77.0.1")))).isEqualTo(DropReason.CHECKSUM);
        }
    }

    @Nested
    class VridNotConfigured {

        @Test
        void dropsAnAdvertForAnotherVirtualRouter() {
            byte[] message = VrrpCodec.encode(new VrrpAdvert(VrrpVersion.V3, 52, 150, 100, List.of(LAB_VIP)), N1,
                    VRRP_GROUP_V4);

            assertThat(dropReason(decodeFromN1(message, labContext()))).isEqualTo(DropReason.VRID_NOT_CONFIGURED);
        }

        @Test
        void dropsVridZeroWhichNoInstanceCanHave() {
            byte[] message = labPacket();
            message[1] = 0;

            assertThat(dropReason(decodeFromN1(resealedV3(message), labContext())))
                    .isEqualTo(DropReason.VRID_NOT_CONFIGURED);
        }
    }

    @Nested
    class LocalAddressOwner {

        @Test
        void dropsEveryAdvertWhenTheLocalRouterOwnsTheAddresses() {
            ReceiveContext owner = new ReceiveContext(VrrpVersion.V3, LAB_VRID, true, List.of(LAB_VIP), 100);

            assertThat(dropReason(decodeFromN1(labPacket(), owner))).isEqualTo(DropReason.LOCAL_ADDRESS_OWNER);
        }

        @Test
        void dropsAVersion2AdvertWhenTheLocalRouterOwnsTheAddresses() {
            ReceiveContext owner = new ReceiveContext(VrrpVersion.V2, LAB_VRID, true, ips("10.77.0.1"), 1);
            byte[] message = VrrpCodec.encode(v2Advert(100, "10.77.0.1"), N1, VRRP_GROUP_V4);

            assertThat(dropReason(decodeFromN1(message, owner))).isEqualTo(DropReason.LOCAL_ADDRESS_OWNER);
        }
    }

    @Nested
    class NoAddresses {

        @Test
        void dropsAVersion3AdvertWithAddressCountZero() {
            byte[] message = Arrays.copyOf(labPacket(), 8);
            message[3] = 0;

            assertThat(dropReason(decodeFromN1(resealedV3(message), labContext())))
                    .isEqualTo(DropReason.NO_ADDRESSES);
        }

        @Test
        void dropsAVersion2AdvertWithAddressCountZero() {
            byte[] message = new byte[8 + 8];
            message[0] = 0x21;
            message[1] = (byte) LAB_VRID;
            message[2] = 100;
            message[5] = 1;

            assertThat(dropReason(decodeFromN1(resealedV2(message), v2Context("10.77.0.1"))))
                    .isEqualTo(DropReason.NO_ADDRESSES);
        }
    }

    @Nested
    class ZeroAdverInterval {

        @Test
        void dropsAVersion3AdvertWithMaxAdverIntZero() {
            byte[] message = labPacket();
            message[4] = 0;
            message[5] = 0;

            assertThat(dropReason(decodeFromN1(resealedV3(message), labContext())))
                    .isEqualTo(DropReason.ZERO_ADVER_INTERVAL);
        }

        @Test
        void dropsZeroEvenWhenTheReservedBitsAreSet() {
            byte[] message = labPacket();
            message[4] = (byte) 0xF0;
            message[5] = 0;

            assertThat(dropReason(decodeFromN1(resealedV3(message), labContext())))
                    .isEqualTo(DropReason.ZERO_ADVER_INTERVAL);
        }
    }

    @Nested
    class AuthTypeMismatch {

        @ParameterizedTest
        @ValueSource(ints = {1, 2, 3, 255})
        void dropsAVersion2AdvertWithAnyAuthTypeButNone(int authType) {
            byte[] message = VrrpCodec.encode(v2Advert(100, "10.77.0.1"), N1, VRRP_GROUP_V4);
            message[4] = (byte) authType;

            assertThat(dropReason(decodeFromN1(resealedV2(message), v2Context("10.77.0.1"))))
                    .isEqualTo(DropReason.AUTH_TYPE_MISMATCH);
        }
    }

    @Nested
    class AddressListMismatch {

        @Test
        void dropsAVersion2AdvertWithAnotherAddressListFromANonOwner() {
            byte[] message = VrrpCodec.encode(v2Advert(100, "10.77.0.2"), N1, VRRP_GROUP_V4);

            assertThat(dropReason(decodeFromN1(message, v2Context("10.77.0.1"))))
                    .isEqualTo(DropReason.ADDRESS_LIST_MISMATCH);
        }

        @Test
        void dropsAVersion2AdvertWithAnExtraAddressFromANonOwner() {
            byte[] message = VrrpCodec.encode(v2Advert(0, "10.77.0.1", "10.77.0.2"), N1, VRRP_GROUP_V4);

            assertThat(dropReason(decodeFromN1(message, v2Context("10.77.0.1"))))
                    .isEqualTo(DropReason.ADDRESS_LIST_MISMATCH);
        }

        @Test
        void acceptsAndFlagsAVersion2AdvertWithAnotherAddressListFromTheOwner() {
            byte[] message = VrrpCodec.encode(v2Advert(255, "10.77.0.2"), N1, VRRP_GROUP_V4);

            ReceiveResult.Accepted result = accepted(decodeFromN1(message, v2Context("10.77.0.1")));

            assertThat(result.addressListDiffers()).isTrue();
            assertThat(result.advert().addresses()).containsExactly(OTHER_VIP);
        }

        @Test
        void acceptsAndFlagsAVersion3AdvertWithAnotherAddressList() {
            // RFC 5798 7.1: log the misconfiguration, keep processing
            byte[] message = VrrpCodec.encode(new VrrpAdvert(VrrpVersion.V3, LAB_VRID, 150, 100, List.of(OTHER_VIP)),
                    N1, VRRP_GROUP_V4);

            ReceiveResult.Accepted result = accepted(decodeFromN1(message, labContext()));

            assertThat(result.addressListDiffers()).isTrue();
            assertThat(result.advert().addresses()).containsExactly(OTHER_VIP);
        }

        @Test
        void flagsAVersion3AdvertWithAnExtraAddress() {
            byte[] message = VrrpCodec.encode(
                    new VrrpAdvert(VrrpVersion.V3, LAB_VRID, 150, 100, List.of(LAB_VIP, OTHER_VIP)), N1, VRRP_GROUP_V4);

            assertThat(accepted(decodeFromN1(message, labContext())).addressListDiffers()).isTrue();
        }

        @Test
        void flagsADuplicateThatHidesAMissingAddress() {
            // configured {A, B}, received {A, A}: same count, every received address configured
            ReceiveContext context =
                    new ReceiveContext(VrrpVersion.V3, LAB_VRID, false, List.of(LAB_VIP, OTHER_VIP), 100);
            byte[] message = VrrpCodec.encode(
                    new VrrpAdvert(VrrpVersion.V3, LAB_VRID, 150, 100, List.of(LAB_VIP, LAB_VIP)), N1, VRRP_GROUP_V4);

            assertThat(accepted(decodeFromN1(message, context)).addressListDiffers()).isTrue();
        }

        @Test
        void doesNotFlagTheConfiguredAddressesInAnotherOrder() {
            ReceiveContext context =
                    new ReceiveContext(VrrpVersion.V2, LAB_VRID, false, List.of(LAB_VIP, OTHER_VIP), 1);
            byte[] message = VrrpCodec.encode(v2Advert(100, "10.77.0.2", "10.77.0.1"), N1, VRRP_GROUP_V4);

            ReceiveResult.Accepted result = accepted(decodeFromN1(message, context));

            assertThat(result.addressListDiffers()).isFalse();
            assertThat(result.advert().addresses()).containsExactly(OTHER_VIP, LAB_VIP);
        }
    }

    @Nested
    class AdverIntervalMismatch {

        @ParameterizedTest
        @ValueSource(ints = {0, 2, 255})
        void dropsAVersion2AdvertWhoseIntervalIsNotTheConfiguredOne(int interval) {
            byte[] message = VrrpCodec.encode(v2Advert(100, "10.77.0.1"), N1, VRRP_GROUP_V4);
            message[5] = (byte) interval;

            assertThat(dropReason(decodeFromN1(resealedV2(message), v2Context("10.77.0.1"))))
                    .isEqualTo(DropReason.ADVER_INTERVAL_MISMATCH);
        }

        @Test
        void acceptsAVersion3AdvertWhoseIntervalIsNotTheConfiguredOne() {
            // RFC 5798 6.4.2: a v3 backup adopts the master's interval rather than dropping it
            byte[] message = VrrpCodec.encode(new VrrpAdvert(VrrpVersion.V3, LAB_VRID, 150, 25, List.of(LAB_VIP)), N1,
                    VRRP_GROUP_V4);

            assertThat(accepted(decodeFromN1(message, labContext())).advert().interval()).isEqualTo(25);
        }
    }

    @Nested
    class IgnoredFields {

        @Test
        void ignoresTheVersion3ReservedBits() {
            byte[] message = labPacket();
            message[4] |= (byte) 0xA0;

            VrrpAdvert advert = accepted(decodeFromN1(resealedV3(message), labContext())).advert();

            assertThat(advert).isEqualTo(labAdvert());
        }

        @Test
        void ignoresTheVersion2AuthenticationData() {
            byte[] message = VrrpCodec.encode(v2Advert(100, "10.77.0.1"), N1, VRRP_GROUP_V4);
            byte[] password = "secret!!".getBytes(StandardCharsets.US_ASCII);
            System.arraycopy(password, 0, message, message.length - 8, 8);

            VrrpAdvert advert = accepted(decodeFromN1(resealedV2(message), v2Context("10.77.0.1"))).advert();

            assertThat(advert).isEqualTo(v2Advert(100, "10.77.0.1"));
        }
    }

    @Nested
    class CheckOrder {

        @Test
        void reportsTtlBeforeAnythingInTheMessage() {
            assertThat(dropReason(decode(new byte[0], N1, VRRP_GROUP_V4, 1, labContext())))
                    .isEqualTo(DropReason.TTL_NOT_255);
        }

        @Test
        void reportsTheVersionOfAShortMessageBeforeItsLength() {
            assertThat(dropReason(decodeFromN1(new byte[] {0x21, 1, 2}, labContext())))
                    .isEqualTo(DropReason.WRONG_VERSION);
        }

        @Test
        void reportsTheTypeOfAShortMessageBeforeItsLength() {
            assertThat(dropReason(decodeFromN1(new byte[] {0x32, 1, 2}, labContext())))
                    .isEqualTo(DropReason.UNKNOWN_TYPE);
        }

        @Test
        void reportsTruncationBeforeTheChecksum() {
            byte[] message = labPacket();
            message[3] = 3;
            message[7] ^= 1;

            assertThat(dropReason(decodeFromN1(message, labContext()))).isEqualTo(DropReason.TRUNCATED);
        }

        @Test
        void reportsABadChecksumBeforeAnUnconfiguredVrid() {
            byte[] message = labPacket();
            message[1] = 99;

            assertThat(dropReason(decodeFromN1(message, labContext()))).isEqualTo(DropReason.CHECKSUM);
        }

        @Test
        void reportsAnUnconfiguredVridBeforeTheOwnerRule() {
            ReceiveContext owner = new ReceiveContext(VrrpVersion.V3, 52, true, List.of(LAB_VIP), 100);

            assertThat(dropReason(decodeFromN1(labPacket(), owner))).isEqualTo(DropReason.VRID_NOT_CONFIGURED);
        }

        @Test
        void reportsTheOwnerRuleBeforeTheContentOfTheAdvert() {
            ReceiveContext owner = new ReceiveContext(VrrpVersion.V3, LAB_VRID, true, List.of(LAB_VIP), 100);
            byte[] message = labPacket();
            message[4] = 0;
            message[5] = 0;

            assertThat(dropReason(decodeFromN1(resealedV3(message), owner))).isEqualTo(DropReason.LOCAL_ADDRESS_OWNER);
        }

        @Test
        void reportsTheVersion2AuthTypeBeforeTheAddressListAndTheInterval() {
            byte[] message = VrrpCodec.encode(v2Advert(100, "10.77.0.2"), N1, VRRP_GROUP_V4);
            message[4] = 1;
            message[5] = 9;

            assertThat(dropReason(decodeFromN1(resealedV2(message), v2Context("10.77.0.1"))))
                    .isEqualTo(DropReason.AUTH_TYPE_MISMATCH);
        }

        @Test
        void reportsTheVersion2AddressListBeforeTheInterval() {
            byte[] message = VrrpCodec.encode(v2Advert(100, "10.77.0.2"), N1, VRRP_GROUP_V4);
            message[5] = 9;

            assertThat(dropReason(decodeFromN1(resealedV2(message), v2Context("10.77.0.1"))))
                    .isEqualTo(DropReason.ADDRESS_LIST_MISMATCH);
        }

        @Test
        void checksTheVersion2IntervalEvenForTheOwnersMismatchedList() {
            byte[] message = VrrpCodec.encode(v2Advert(255, "10.77.0.2"), N1, VRRP_GROUP_V4);
            message[5] = 9;

            assertThat(dropReason(decodeFromN1(resealedV2(message), v2Context("10.77.0.1"))))
                    .isEqualTo(DropReason.ADVER_INTERVAL_MISMATCH);
        }
    }

    @Nested
    class Decoding {

        @Test
        void acceptsPriorityZeroAndPriority255FromOtherRouters() {
            for (int priority : new int[] {VrrpAdvert.PRIORITY_STOP, VrrpAdvert.PRIORITY_OWNER}) {
                byte[] message = VrrpCodec.encode(new VrrpAdvert(VrrpVersion.V3, LAB_VRID, priority, 100,
                        List.of(LAB_VIP)), N1, VRRP_GROUP_V4);

                assertThat(accepted(decodeFromN1(message, labContext())).advert().priority()).isEqualTo(priority);
            }
        }

        @Test
        void reusesTheConfiguredAddressListWhenTheAdvertListsItInOrder() {
            ReceiveContext context = labContext();

            VrrpAdvert advert = accepted(decodeFromN1(labPacket(), context)).advert();

            assertThat(advert.addresses()).isSameAs(context.addresses());
        }

        @Test
        void decodesAMessageInTheMiddleOfALargerBuffer() {
            // given
            byte[] message = labPacket();
            byte[] buffer = new byte[100];
            Arrays.fill(buffer, (byte) 0x77);
            System.arraycopy(message, 0, buffer, 40, message.length);

            // when
            ReceiveResult result = VrrpCodec.decode(buffer, 40, message.length, N1, VRRP_GROUP_V4, 255, labContext());

            // then
            assertThat(accepted(result).advert()).isEqualTo(labAdvert());
        }

        @Test
        void rejectsAnOffsetAndLengthOutsideTheBufferAsACallerBug() {
            byte[] message = labPacket();

            assertThatThrownBy(() -> VrrpCodec.decode(message, 4, message.length, N1, VRRP_GROUP_V4, 255, labContext()))
                    .isInstanceOf(IndexOutOfBoundsException.class);
            assertThatThrownBy(() -> VrrpCodec.decode(message, -1, 2, N1, VRRP_GROUP_V4, 255, labContext()))
                    .isInstanceOf(IndexOutOfBoundsException.class);
        }

        @Test
        void decodesAVersion3Ipv4MappedAddressAsIpv6InAnIpv6Advert() {
            // ::ffff:a.b.c.d must stay IPv6: turning it into IPv4 would break the all-IPv6 rule
            byte[] mapped = new byte[16];
            mapped[10] = (byte) 0xFF;
            mapped[11] = (byte) 0xFF;
            mapped[12] = 10;
            mapped[15] = 1;
            VrrpAdvert advert = new VrrpAdvert(VrrpVersion.V3, LAB_VRID, 100, 100, ips("fe80::1"));
            byte[] message = VrrpCodec.encode(advert, LINK_LOCAL_V6, VRRP_GROUP_V6);
            System.arraycopy(mapped, 0, message, 8, 16);
            IndependentChecksum.reseal(message, VrrpVersion.V3, LINK_LOCAL_V6, VRRP_GROUP_V6);
            ReceiveContext context = new ReceiveContext(VrrpVersion.V3, LAB_VRID, false, ips("fe80::1"), 100);

            ReceiveResult.Accepted result = accepted(decode(message, LINK_LOCAL_V6, VRRP_GROUP_V6, 255, context));

            assertThat(result.advert().addresses().get(0)).isInstanceOf(Inet6Address.class);
            assertThat(result.advert().addresses().get(0).getAddress()).isEqualTo(mapped);
            assertThat(result.addressListDiffers()).isTrue();
        }
    }
}
