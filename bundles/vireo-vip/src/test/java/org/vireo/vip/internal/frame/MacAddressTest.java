package org.vireo.vip.internal.frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MacAddressTest {

    @Test
    void parsesAndPrintsColonForm() {
        MacAddress mac = MacAddress.parse("02:77:00:00:00:0B");
        assertThat(mac.toByteArray()).isEqualTo(TestBytes.hex("02770000000b"));
        assertThat(mac).hasToString("02:77:00:00:00:0b");
        assertThat(mac).isEqualTo(MacAddress.of(TestBytes.hex("02770000000b"))).hasSameHashCodeAs(
                MacAddress.of(TestBytes.hex("02770000000b")));
        assertThat(mac).isNotEqualTo(MacAddress.parse("02:77:00:00:00:0c"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "02:77:00:00:00", "02:77:00:00:00:0b:", "02-77-00-00-00-0b", "02:77:00:00:00:0g",
            "0277:00:00:00:0b:"})
    void rejectsMalformedText(String text) {
        assertThatThrownBy(() -> MacAddress.parse(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void virtualRouterMacPerRfc5798() {
        assertThat(MacAddress.virtualRouterMac(51, false)).hasToString("00:00:5e:00:01:33");
        assertThat(MacAddress.virtualRouterMac(51, true)).hasToString("00:00:5e:00:02:33");
        assertThat(MacAddress.virtualRouterMac(1, false)).hasToString("00:00:5e:00:01:01");
        assertThat(MacAddress.virtualRouterMac(255, true)).hasToString("00:00:5e:00:02:ff");
        assertThatThrownBy(() -> MacAddress.virtualRouterMac(0, false)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> MacAddress.virtualRouterMac(256, true)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void wellKnownAddresses() {
        assertThat(MacAddress.BROADCAST).hasToString("ff:ff:ff:ff:ff:ff");
        assertThat(MacAddress.VRRP_IPV4_MULTICAST).hasToString("01:00:5e:00:00:12")
                .isEqualTo(MacAddress.ipv4Multicast(TestBytes.ip("224.0.0.18")));
        assertThat(MacAddress.VRRP_IPV6_MULTICAST).hasToString("33:33:00:00:00:12")
                .isEqualTo(MacAddress.ipv6Multicast(TestBytes.ip("ff02::12")));
        assertThat(MacAddress.IPV6_ALL_NODES).hasToString("33:33:00:00:00:01")
                .isEqualTo(MacAddress.ipv6Multicast(TestBytes.ip("ff02::1")));
    }

    @Test
    void ipv4MulticastKeepsOnlyTheLow23Bits() {
        assertThat(MacAddress.ipv4Multicast(TestBytes.ip("239.255.1.2"))).hasToString("01:00:5e:7f:01:02");
        assertThat(MacAddress.ipv4Multicast(TestBytes.ip("224.128.1.2"))).hasToString("01:00:5e:00:01:02");
    }

    @Test
    void groupBit() {
        assertThat(MacAddress.BROADCAST.isMulticast()).isTrue();
        assertThat(MacAddress.VRRP_IPV4_MULTICAST.isMulticast()).isTrue();
        assertThat(MacAddress.parse("02:77:00:00:00:0b").isMulticast()).isFalse();
        assertThat(MacAddress.virtualRouterMac(51, false).isMulticast()).isFalse();
    }

    @Test
    void readsAndWritesAtOffsets() {
        byte[] buf = TestBytes.hex("aabb 02770000000b cc");
        MacAddress mac = MacAddress.of(buf, 2);
        byte[] out = new byte[9];
        mac.writeTo(out, 3);
        assertThat(out).isEqualTo(TestBytes.hex("000000 02770000000b"));
        assertThatThrownBy(() -> MacAddress.of(buf, 4)).isInstanceOf(IndexOutOfBoundsException.class);
        assertThatThrownBy(() -> MacAddress.of(new byte[5])).isInstanceOf(IllegalArgumentException.class);
    }
}
