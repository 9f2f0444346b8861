package org.vireo.vip.internal.alias;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.vireo.vip.VipManager;

/**
 * What every {@link org.vireo.vip.VipManager} must do, on a real (veth) interface in a network namespace of the
 * test's own: needs root, as CI has. Nothing is added to the root namespace.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class VipManagerContract {

    protected final String NS = "vt-" + getClass().getSimpleName().toLowerCase().substring(0, 6) + "-"
        + ProcessHandle.current().pid();
    protected static final String IF = "vip0";
    protected VipManager vips;

    /** The manager under test, acting in namespace {@code ns}. */
    protected abstract VipManager managerIn(String ns) throws Exception;

    @BeforeAll
    void namespace() throws Exception {
        sh("ip", "netns", "add", NS);
        // a veth pair with both ends in the namespace: this kernel may lack the dummy driver
        sh("ip", "netns", "exec", NS, "ip", "link", "add", IF, "type", "veth", "peer", "name", IF + "p");
        sh("ip", "netns", "exec", NS, "ip", "link", "set", IF, "up");
        sh("ip", "netns", "exec", NS, "ip", "addr", "add", "10.77.9.1/24", "dev", IF);
        sh("ip", "netns", "exec", NS, "ip", "-6", "addr", "add", "fd77:9::1/64", "dev", IF, "nodad");
        vips = managerIn(NS);
    }

    @AfterAll
    void removeNamespace() throws Exception {
        sh("ip", "netns", "del", NS);
    }

    static String sh(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes());
        if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + out
                + " (this test makes a network namespace: it needs root and iproute2)");
        }
        return out;
    }

    private static InetAddress ip(String literal) throws Exception {
        return InetAddress.getByName(literal);
    }

    @Test
    void claimAddsTheVipsOnceAndReleaseRemovesOnlyThem() throws Exception {
        List<InetAddress> group = List.of(ip("10.77.9.10"), ip("10.77.9.11"), ip("fd77:9::10"));

        vips.claim(IF, group);
        vips.claim(IF, group); // idempotent

        assertThat(vips.addresses(IF)).containsAll(group).contains(ip("10.77.9.1"));
        assertThat(vips.addresses(IF).stream().filter(group::contains)).hasSize(3);

        vips.release(IF, group);
        vips.release(IF, group); // idempotent

        assertThat(vips.addresses(IF)).doesNotContainAnyElementsOf(group).contains(ip("10.77.9.1"));
    }

    @Test
    void anIpv6VipIsNeverTheSourceOfTheNodesOwnConnections() throws Exception {
        // a /128 VIP would win the kernel's longest-prefix rule over the node's /64 address unless deprecated
        vips.claim(IF, List.of(ip("fd77:9::53")));
        try {
            String route = sh("ip", "netns", "exec", NS, "ip", "-6", "route", "get", "fd77:9::2");
            String shown = sh("ip", "netns", "exec", NS, "ip", "-6", "addr", "show", "dev", IF);

            assertThat(route).contains("src fd77:9::1 ");
            assertThat(shown).containsPattern("fd77:9::53/128 .*deprecated");
        } finally {
            vips.release(IF, List.of(ip("fd77:9::53")));
        }
    }

    @Test
    void releaseNeverTouchesAnAddressItWasNotGiven() throws Exception {
        vips.release(IF, List.of(ip("10.77.9.20")));

        assertThat(vips.addresses(IF)).contains(ip("10.77.9.1"));
    }

    @Test
    void releaseLeavesTheInterfacesOwnAddressAloneEvenWhenAskedForIt() throws Exception {
        vips.release(IF, List.of(ip("10.77.9.1"))); // there as 10.77.9.1/24: not a host address, not a VIP

        assertThat(vips.addresses(IF)).contains(ip("10.77.9.1"));
    }

    @Test
    void aMissingInterfaceIsNamedInTheError() {
        assertThatThrownBy(() -> vips.claim("nosuch0", List.of(ip("10.77.9.30"))))
            .isInstanceOf(IOException.class)
            .hasMessageContaining("nosuch0");
    }
}
