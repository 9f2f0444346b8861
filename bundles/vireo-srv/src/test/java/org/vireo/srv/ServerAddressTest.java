package org.vireo.srv;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;

import org.junit.jupiter.api.Test;

/** Server addresses from client profiles: literals need no DNS, names do. */
class ServerAddressTest {

    @Test
    void ipLiteralsWithAndWithoutPortAreUsedAsTheyAre() throws Exception {
        ServerAddress v4 = ServerAddress.parse("10.0.0.7");
        assertThat(v4.literal()).contains(InetAddress.getByName("10.0.0.7"));
        assertThat(v4.port()).isEmpty();
        assertThat(ServerAddress.parse("10.0.0.7:8443").port()).hasValue(8443);

        ServerAddress v6 = ServerAddress.parse("[fd00::7]:8443");
        assertThat(v6.literal()).contains(InetAddress.getByName("fd00::7"));
        assertThat(v6.port()).hasValue(8443);
        ServerAddress bare = ServerAddress.parse("fd00::7");
        assertThat(bare.isLiteral()).isTrue();
        assertThat(bare.port()).as("a bare IPv6 address has no port: its colons are the address's").isEmpty();
        assertThat(ServerAddress.parse("[::ffff:10.0.0.7]").isLiteral()).isTrue();
    }

    @Test
    void namesAreLookedUpLaterAndKeepTheirPort() {
        ServerAddress name = ServerAddress.parse("Proxy.Example.COM.");
        assertThat(name.isLiteral()).isFalse();
        assertThat(name.name()).contains("proxy.example.com");
        assertThat(ServerAddress.parse("gw.example:3128").port()).hasValue(3128);
        assertThat(ServerAddress.parse("localhost").name()).contains("localhost");
    }

    @Test
    void badTextIsRefusedWithWhatIsAccepted() {
        assertThatThrownBy(() -> ServerAddress.parse("10.0.0.300"))
            .hasMessageContaining("'10.0.0.300': 300 is not an IPv4 octet");
        assertThatThrownBy(() -> ServerAddress.parse("gw.example:70000"))
            .hasMessageContaining("port 70000 is out of range");
        assertThatThrownBy(() -> ServerAddress.parse("[10.0.0.1]:80"))
            .hasMessageContaining("brackets hold an IPv6 address");
        assertThatThrownBy(() -> ServerAddress.parse("gw_.exa mple"))
            .hasMessageContaining("expected an IPv4 address, an IPv6 address");
        assertThatThrownBy(() -> ServerAddress.parse(""))
            .hasMessageContaining("expected an IPv4 address");
    }
}
