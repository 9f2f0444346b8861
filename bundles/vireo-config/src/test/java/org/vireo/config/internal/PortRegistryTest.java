package org.vireo.config.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;

import java.net.InetAddress;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.vireo.config.ListeningPorts.Port;

class PortRegistryTest {

    private final PortRegistry ports = new PortRegistry();

    private static Port port(String key, String address, int port) throws Exception {
        return new Port(key, InetAddress.getByName(address), port);
    }

    @Test
    void givenTheScannersPort_whenTheBalancerClaimsIt_thenItIsRefusedNamingTheScanner() throws Exception {
        ports.claim("org.vireo.scanner.proxy", List.of(port("port", "0.0.0.0", 3128)));
        ports.claim("org.vireo.balancer", List.of(port("httpPort", "0.0.0.0", 9090)));

        assertThatIllegalArgumentException().isThrownBy(() -> ports.claim("org.vireo.balancer",
                List.of(port("httpPort", "0.0.0.0", 3128), port("ftpPort", "0.0.0.0", 2121))))
            .withMessage("httpPort = 3128: port 3128 is taken on this node by org.vireo.scanner.proxy (its port 3128"
                + " on 0.0.0.0)");
        assertThat(ports.held().get("org.vireo.balancer")).containsExactly(port("httpPort", "0.0.0.0", 9090));
    }

    @Test
    void aWildcardCollidesWithEveryAddressButTwoAddressesDoNot() throws Exception {
        ports.claim("a", List.of(port("port", "10.0.0.1", 8480)));

        assertThatNoException().isThrownBy(() -> ports.claim("b", List.of(port("port", "10.0.0.2", 8480))));
        assertThatIllegalArgumentException().isThrownBy(() -> ports.claim("c", List.of(port("port", "::", 8480))));
        assertThatIllegalArgumentException().isThrownBy(() -> ports.claim("d", List.of(port("port", "10.0.0.1",
            8480))));
    }

    @Test
    void anOwnerMovesWithinItsOwnPortsAndPortZeroIsNeverHeld() throws Exception {
        ports.claim("a", List.of(port("port", "0.0.0.0", 3128)));
        ports.claim("a", List.of(port("port", "0.0.0.0", 3129), port("other", "0.0.0.0", 3128)));
        ports.claim("b", List.of(port("port", "0.0.0.0", 0)));

        assertThatNoException().isThrownBy(() -> ports.claim("c", List.of(port("port", "0.0.0.0", 0))));
    }

    @Test
    void aReleasedPortCanBeClaimedByAnother() throws Exception {
        ports.claim("a", List.of(port("port", "0.0.0.0", 3128)));
        ports.release("a");

        assertThatNoException().isThrownBy(() -> ports.claim("b", List.of(port("httpPort", "0.0.0.0", 3128))));
    }
}
