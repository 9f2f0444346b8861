package org.vireo.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class DnsOptionsTest {

    @Test
    void defaultsAreOffOnPort53ForTheProxyServiceWithShortTtls() {
        DnsOptions o = DnsOptions.parse(Map.of());
        assertThat(o.enabled()).isFalse();
        assertThat(o.port()).isEqualTo(53);
        assertThat(o.zone()).isEmpty();
        assertThat(o.services()).containsExactly("vireo-proxy");
        assertThat(o.ttl()).isEqualTo(5);
        assertThat(o.negativeTtl()).isEqualTo(5);
        assertThat(o.maxUdpPayload()).isEqualTo(1232);
        assertThat(o.nameServers()).isEmpty();
        assertThat(o.bindAddresses()).isEmpty();
    }

    @Test
    void theZoneIsLowerCaseAndAbsolute() {
        assertThat(DnsOptions.parse(Map.of("zone", "VPN.Example.com")).zone()).isEqualTo("vpn.example.com.");
        assertThat(DnsOptions.parse(Map.of("zone", "vpn.example.com.")).zone()).isEqualTo("vpn.example.com.");
    }

    @Test
    void aNodesPriorityIsItsOwnElseItsRolesElseTheDefault() {
        DnsOptions o = DnsOptions.parse(Map.of("rolePriorities", "director=20, scanner=5", "nodePriorities", "n3=1",
            "priority", "7"));
        assertThat(o.priorityOf("n1", "director+scan")).isEqualTo(20);
        assertThat(o.priorityOf("n2", "scanner")).isEqualTo(5);
        assertThat(o.priorityOf("n3", "scanner")).isEqualTo(1);
        assertThat(o.priorityOf("n4", "backup")).isEqualTo(7);
    }

    @Test
    void bindAddressesAreLiterals() throws Exception {
        assertThat(DnsOptions.parse(Map.of("bindAddresses", "10.0.0.1, ::1")).bindAddresses())
            .containsExactly(InetAddress.getByName("10.0.0.1"), InetAddress.getByName("::1"));
    }

    @Test
    void enabledWithoutAZoneIsRefused() {
        assertThatThrownBy(() -> DnsOptions.parse(Map.of("enabled", "true")))
            .hasMessageContaining("zone is missing: expected the zone answered");
    }

    @Test
    void everyBadValueIsNamedWithWhatIsAccepted() {
        assertThatThrownBy(() -> DnsOptions.parse(Map.of("port", "0", "zone", "a..b", "services", "a.b",
            "rolePriorities", "boss=1, scanner=70000", "nodePriorities", "n1", "ttl", "0", "nameServers",
            "ns1.example..", "contact", "a b", "maxUdpPayload", "100")))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("configuration org.vireo.srv.dns / org.vireo.srv.dns.local refused: ")
            .hasMessageContaining("port = 0: expected 1-65535")
            .hasMessageContaining("zone = 'a..b': expected a domain name")
            .hasMessageContaining("services: 'a.b': expected 1-62 letters")
            .hasMessageContaining("rolePriorities: 'boss=1': expected name=priority, the name one of director,")
            .hasMessageContaining("rolePriorities: 'scanner=70000'")
            .hasMessageContaining("nodePriorities: 'n1': expected name=priority")
            .hasMessageContaining("ttl = 0: expected 1-3600")
            .hasMessageContaining("nameServers: 'ns1.example..': expected a node name, or an absolute name")
            .hasMessageContaining("contact = 'a b': expected a name")
            .hasMessageContaining("maxUdpPayload = 100: expected 512-4096");
        assertThatThrownBy(() -> DnsOptions.parse(Map.of("rateLimit", "-1", "bindAddresses", "n1")))
            .hasMessageContaining("rateLimit = -1: expected 0-100000")
            .hasMessageContaining("bindAddresses: 'n1': expected an IPv4 or IPv6 literal");
    }

    @Test
    void aKeyItDoesNotReadIsRefused() {
        assertThatThrownBy(() -> DnsOptions.parse(Map.of("zone", "a.example", "tll", "5")))
            .hasMessageContaining("tll");
    }

    @Test
    void equalConfigurationsAreEqualOptions() {
        Map<String, String> c = Map.of("zone", "a.example", "nameServers", "n1, NS2.Example.", "services", "a, b");
        assertThat(DnsOptions.parse(c)).isEqualTo(DnsOptions.parse(c));
        assertThat(DnsOptions.parse(c).nameServers()).isEqualTo(List.of("n1", "ns2.example."));
    }
}
