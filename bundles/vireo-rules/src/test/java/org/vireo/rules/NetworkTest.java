package org.vireo.rules;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;

import org.junit.jupiter.api.Test;

/** IPv6 networks as client and destination rules use them: prefixes that end inside a byte, the edges, families. */
class NetworkTest {

    private static InetAddress ip(String literal) throws UnknownHostException {
        return InetAddress.getByName(literal);
    }

    @Test
    void anIpv6PrefixThatEndsInsideAByteTakesExactlyItsAddresses() throws Exception {
        Network n = Network.of("2001:db8:0:8::/61"); // 2001:db8:0:8:: - 2001:db8:0:f:ffff:ffff:ffff:ffff

        assertThat(n.contains(ip("2001:db8:0:8::"))).isTrue();
        assertThat(n.contains(ip("2001:db8:0:f:ffff:ffff:ffff:ffff"))).isTrue();
        assertThat(n.contains(ip("2001:db8:0:7:ffff:ffff:ffff:ffff"))).isFalse();
        assertThat(n.contains(ip("2001:db8:0:10::"))).isFalse();
    }

    @Test
    void theLabsClientNetworksAreTwoSlash64s() throws Exception {
        Network second = Network.of("fd77:0:0:1::/64");

        assertThat(second.contains(ip("fd77:0:0:1::100"))).isTrue();
        assertThat(second.contains(ip("fd77::100"))).isFalse();
        assertThat(Network.of("fd77::100").contains(ip("fd77:0:0:0:0:0:0:100"))).as("one address, any spelling")
            .isTrue();
    }

    @Test
    void slash0AndSlash128AreTheEdges() throws Exception {
        assertThat(Network.of("::/0").contains(ip("ffff::1"))).isTrue();
        assertThat(Network.of("::/0").contains(ip("10.0.0.1"))).as("an IPv4 client is never in an IPv6 network")
            .isFalse();
        assertThat(Network.of("2001:db8::1/128").contains(ip("2001:db8::2"))).isFalse();
    }

    @Test
    void anIpv4MappedClientIsItsIpv4Address() throws Exception {
        // a dual-stack socket's ::ffff:10.1.2.3 reaches the rules as 10.1.2.3 (InetAddress makes it an IPv4 one)
        assertThat(Network.of("10.1.0.0/16").contains(ip("::ffff:10.1.2.3"))).isTrue();
        assertThat(Network.of("::ffff:0:0/96").contains(ip("::ffff:10.1.2.3"))).isFalse();
    }

    @Test
    void aNetworkIsInAnotherOnlyWithinItsPrefix() {
        assertThat(Network.of("fd00::/8").contains(Network.of("fd77::/16"))).isTrue();
        assertThat(Network.of("fd77::/16").contains(Network.of("fd00::/8"))).isFalse();
        assertThat(Network.of("fd77::/16").contains(Network.of("10.0.0.0/8"))).isFalse();
    }
}
