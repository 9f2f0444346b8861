package org.vireo.api.internal.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

class WebOptionsTest {

    @Test
    void theDefaultsAreHttpsOn8443OnTheManagementAddressWithTheNodesOwnKey() {
        WebOptions o = WebOptions.parse(Map.of());

        assertThat(o.httpsPort()).isEqualTo(8443);
        assertThat(o.httpsAddress()).isEmpty();
        assertThat(o.keystore()).isEmpty();
        assertThat(o.keystorePassword()).isEmpty();
    }

    @Test
    void anAddressIsALiteralOfOneInterface() {
        WebOptions o = WebOptions.parse(Map.of("httpsAddress", "2001:db8::5", "keystore", "/etc/k.p12",
            "keystorePassword", "pw", "httpsPort", "0"));

        assertThat(o.httpsAddress().orElseThrow().getHostAddress()).isEqualTo("2001:db8:0:0:0:0:0:5");
        assertThat(o.keystore()).contains(Path.of("/etc/k.p12"));
        assertThat(o.httpsPort()).as("0: off").isZero();
        for (String bad : new String[] {"node1.example.net", "0.0.0.0", "::", "224.0.0.18", "10.0.0.300"}) {
            assertThatThrownBy(() -> WebOptions.parse(Map.of("httpsAddress", bad)))
                .hasMessageStartingWith("configuration org.vireo.api.web refused: ")
                .hasMessageContaining("httpsAddress = '" + bad + "'").hasMessageContaining("IPv4 or IPv6 literal");
        }
    }

    @Test
    void aBadPortOrAnUnknownKeyIsRefusedByName() {
        assertThatThrownBy(() -> WebOptions.parse(Map.of("httpsPort", "70000")))
            .hasMessageContaining("httpsPort").hasMessageContaining("0 (off) or a port 1-65535");
        assertThatThrownBy(() -> WebOptions.parse(Map.of("httpPort", "8443")))
            .hasMessageContaining("httpPort");
    }
}
