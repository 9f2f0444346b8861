package org.vireo.vrrp.internal.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.vireo.vrrp.internal.packet.Fixtures.ip;
import static org.vireo.vrrp.internal.packet.Fixtures.ips;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VrrpAdvertTest {

    private static final List<InetAddress> ONE_V4 = ips("10.0.0.1");

    @Test
    void acceptsTheBoundaryValuesOfEveryField() {
        List<InetAddress> max = new ArrayList<>(Collections.nCopies(255, ip("10.0.0.1")));

        assertThat(new VrrpAdvert(VrrpVersion.V3, 1, 0, 1, ONE_V4).vrid()).isEqualTo(1);
        assertThat(new VrrpAdvert(VrrpVersion.V3, 255, 255, 4095, ONE_V4).interval()).isEqualTo(4095);
        assertThat(new VrrpAdvert(VrrpVersion.V2, 255, 255, 255, max).addresses()).hasSize(255);
        assertThat(new VrrpAdvert(VrrpVersion.V2, 1, 0, 1, ONE_V4).priority()).isZero();
    }

    @ParameterizedTest(name = "{0} {1}: vrid {2}, priority {3}, interval {4}")
    @CsvSource({
            "V3, vrid,     0,   100, 100,  'vrid must be in 1..255, was 0'",
            "V3, vrid,     256, 100, 100,  'vrid must be in 1..255, was 256'",
            "V3, priority, 1,   -1,  100,  'priority must be in 0..255, was -1'",
            "V2, priority, 1,   256, 1,    'priority must be in 0..255, was 256'",
            "V3, interval, 1,   100, 0,    'interval (Max_Adver_Int, centiseconds) must be in 1..4095, was 0'",
            "V3, interval, 1,   100, 4096, 'interval (Max_Adver_Int, centiseconds) must be in 1..4095, was 4096'",
            "V2, interval, 1,   100, 0,    'interval (Adver_Int, seconds) must be in 1..255, was 0'",
            "V2, interval, 1,   100, 256,  'interval (Adver_Int, seconds) must be in 1..255, was 256'",
    })
    void rejectsAnOutOfRangeFieldNamingFieldValueAndRange(VrrpVersion version, String field, int vrid, int priority,
            int interval, String message) {
        assertThatThrownBy(() -> new VrrpAdvert(version, vrid, priority, interval, ONE_V4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(message)
                .hasMessageStartingWith(field);
    }

    @Test
    void rejectsAnEmptyAddressList() {
        assertThatThrownBy(() -> new VrrpAdvert(VrrpVersion.V3, 1, 1, 1, List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("addresses count must be in 1..255, was 0");
    }

    @Test
    void rejectsMoreAddressesThanTheCountFieldHolds() {
        List<InetAddress> tooMany = Collections.nCopies(256, ip("10.0.0.1"));

        assertThatThrownBy(() -> new VrrpAdvert(VrrpVersion.V3, 1, 1, 1, tooMany))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("addresses count must be in 1..255, was 256");
    }

    @Test
    void rejectsIpv6AddressesInAVersion2Advert() {
        assertThatThrownBy(() -> new VrrpAdvert(VrrpVersion.V2, 1, 1, 1, ips("2001:db8::1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("IPv4 for VRRPv2");
    }

    @Test
    void rejectsAVersion3ListMixingFamilies() {
        assertThatThrownBy(() -> new VrrpAdvert(VrrpVersion.V3, 1, 1, 1, ips("10.0.0.1", "2001:db8::1")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("all be IPv4 or all be IPv6");
        assertThatThrownBy(() -> new VrrpAdvert(VrrpVersion.V3, 1, 1, 1, ips("fe80::1", "10.0.0.1")))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void acceptsAVersion3ListOfIpv6Addresses() {
        VrrpAdvert advert = new VrrpAdvert(VrrpVersion.V3, 1, 1, 1, ips("fe80::1", "2001:db8::1"));

        assertThat(advert.isIpv6()).isTrue();
    }

    @Test
    void keepsAnImmutableCopyOfTheAddressList() {
        // given
        List<InetAddress> addresses = new ArrayList<>(ips("10.0.0.1"));
        VrrpAdvert advert = new VrrpAdvert(VrrpVersion.V3, 1, 1, 1, addresses);

        // when
        addresses.add(ip("10.0.0.2"));

        // then
        assertThat(advert.addresses()).containsExactly(ip("10.0.0.1"));
        assertThatThrownBy(() -> advert.addresses().add(ip("10.0.0.3")))
                .isInstanceOf(UnsupportedOperationException.class);
    }

    @Test
    void rejectsNulls() {
        assertThatThrownBy(() -> new VrrpAdvert(null, 1, 1, 1, ONE_V4)).isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new VrrpAdvert(VrrpVersion.V3, 1, 1, 1, null))
                .isInstanceOf(NullPointerException.class);
        assertThatThrownBy(() -> new VrrpAdvert(VrrpVersion.V3, 1, 1, 1, Arrays.asList((InetAddress) null)))
                .isInstanceOf(NullPointerException.class);
    }

    @Test
    void equalAdvertsAreEqualValues() {
        assertThat(new VrrpAdvert(VrrpVersion.V3, 5, 6, 7, ips("10.0.0.1")))
                .isEqualTo(new VrrpAdvert(VrrpVersion.V3, 5, 6, 7, ips("10.0.0.1")))
                .hasSameHashCodeAs(new VrrpAdvert(VrrpVersion.V3, 5, 6, 7, ips("10.0.0.1")))
                .isNotEqualTo(new VrrpAdvert(VrrpVersion.V2, 5, 6, 7, ips("10.0.0.1")));
    }

    @Test
    void versionsCarryTheirWireValueAndIntervalLimit() {
        assertThat(VrrpVersion.V2.wireValue()).isEqualTo(2);
        assertThat(VrrpVersion.V3.wireValue()).isEqualTo(3);
        assertThat(VrrpVersion.V2.maxInterval()).isEqualTo(255);
        assertThat(VrrpVersion.V3.maxInterval()).isEqualTo(4095);
    }
}
