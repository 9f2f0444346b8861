package org.vireo.vrrp.internal.packet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.vireo.vrrp.internal.packet.Fixtures.ips;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReceiveContextTest {

    @Test
    void rejectsTheSameOutOfRangeValuesAsAnAdvert() {
        assertThatThrownBy(() -> new ReceiveContext(VrrpVersion.V3, 0, false, ips("10.0.0.1"), 100))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("vrid must be in 1..255, was 0");
        assertThatThrownBy(() -> new ReceiveContext(VrrpVersion.V2, 1, false, ips("10.0.0.1"), 256))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("interval (Adver_Int, seconds) must be in 1..255, was 256");
        assertThatThrownBy(() -> new ReceiveContext(VrrpVersion.V2, 1, false, ips("fe80::1"), 1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ReceiveContext(VrrpVersion.V3, 1, false, List.of(), 1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void keepsAnImmutableCopyOfTheConfiguredAddresses() {
        // given
        List<InetAddress> addresses = new ArrayList<>(ips("10.0.0.1"));
        ReceiveContext context = new ReceiveContext(VrrpVersion.V3, 1, false, addresses, 100);

        // when
        addresses.set(0, Fixtures.ip("10.0.0.9"));

        // then: the accessor and the packed wire form both still hold the original
        assertThat(context.addresses()).containsExactly(Fixtures.ip("10.0.0.1"));
        assertThat(context.packedAddresses()).containsExactly(10, 0, 0, 1);
    }

    @Test
    void packsIpv6AddressesInWireOrder() {
        ReceiveContext context = new ReceiveContext(VrrpVersion.V3, 1, false, ips("fe80::1", "2001:db8::2"), 100);

        assertThat(context.packedAddresses()).hasSize(32);
        assertThat(context.packedAddresses()[0] & 0xFF).isEqualTo(0xfe);
        assertThat(context.packedAddresses()[31]).isEqualTo((byte) 2);
    }

    @Test
    void contextsWithTheSameSettingsAreEqual() {
        assertThat(new ReceiveContext(VrrpVersion.V3, 1, true, ips("10.0.0.1"), 100))
                .isEqualTo(new ReceiveContext(VrrpVersion.V3, 1, true, ips("10.0.0.1"), 100))
                .hasSameHashCodeAs(new ReceiveContext(VrrpVersion.V3, 1, true, ips("10.0.0.1"), 100))
                .isNotEqualTo(new ReceiveContext(VrrpVersion.V3, 1, false, ips("10.0.0.1"), 100))
                .isNotEqualTo(new ReceiveContext(VrrpVersion.V3, 1, true, ips("10.0.0.1"), 100, ips("10.0.0.7")))
                .hasToString("ReceiveContext[version=V3, vrid=1, addressOwner=true, addresses=[/10.0.0.1], "
                        + "adverInterval=100, allowedSources=[]]");
    }

    @Test
    void withoutAllowedSourcesAnyoneMaySpeakAndWithThemOnlyThey() {
        ReceiveContext open = new ReceiveContext(VrrpVersion.V3, 1, false, ips("10.0.0.1"), 100);
        ReceiveContext listed = new ReceiveContext(VrrpVersion.V3, 1, false, ips("10.0.0.1"), 100,
                ips("10.0.0.7", "10.0.0.8"));

        assertThat(open.allows(Fixtures.ip("192.0.2.66"))).isTrue();
        assertThat(listed.allows(Fixtures.ip("10.0.0.8"))).isTrue();
        assertThat(listed.allows(Fixtures.ip("192.0.2.66"))).isFalse();
        assertThat(listed.allowedSources()).containsExactly(Fixtures.ip("10.0.0.7"), Fixtures.ip("10.0.0.8"));
    }
}
