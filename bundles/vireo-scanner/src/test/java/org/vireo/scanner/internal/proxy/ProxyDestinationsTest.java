package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.util.Map;
import java.util.Optional;

import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.vireo.scanner.internal.policy.LocalAddresses;
import org.vireo.rules.Network;
import org.vireo.rules.Policy;
import org.vireo.rules.Verdict;

/**
 * The real proxy in front of an origin that listens only on this node's loopback (a management port, as a client
 * on the LAN would try it): requests and tunnels there are refused with 403 whatever the host is spelled as, and
 * the origin never sees a connection; only a rule naming the destination opens it.
 */
class ProxyDestinationsTest {

    private static final Policy ALLOW_ALL = ProxyFixture.ALLOW_ALL;

    private TestOrigin origin;
    private ProxyFixture proxy;

    @BeforeEach
    void start() throws Exception {
        origin = new TestOrigin();
        proxy = new ProxyFixture(ALLOW_ALL, interfaceAddresses(), Map.of("connectPorts",
            String.valueOf(origin.port())));
    }

    /** This machine's addresses as the node finds them (lo's 127.0.0.1 among them). */
    private static LocalAddresses interfaceAddresses() {
        NodeAddresses addresses = new NodeAddresses();
        addresses.activate();
        try {
            return addresses.current();
        } finally {
            addresses.deactivate();
        }
    }

    @AfterEach
    void stop() throws Exception {
        proxy.close();
        origin.close();
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "localhost", "[::ffff:127.0.0.1]", "[::1]", "0.0.0.0", "127.9.9.9"})
    void requestsToThisNodesLoopbackAreRefused(String host) throws IOException {
        String answer = get("http://" + host + ":" + origin.port() + "/echo/secret");

        assertThat(answer).startsWith("HTTP/1.1 403").contains("Blocked").contains("the proxy does not go there");
        assertThat(answer).containsAnyOf("this node&#39;s loopback", "the unspecified address");
        assertThat(origin.connections()).isZero();
    }

    @Test
    void aTunnelToThisNodesLoopbackIsRefused() throws IOException {
        String answer = proxy.raw("CONNECT localhost:" + origin.port() + " HTTP/1.1\r\nHost: localhost\r\n"
            + "Connection: close\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 403").contains("destination:loopback");
        assertThat(origin.connections()).isZero();
    }

    @Test
    void metadataAndLinkLocalAddressesAreRefused() throws IOException {
        String metadata = get("http://169.254.169.254/latest/meta-data/");
        String linkLocal = proxy.raw("CONNECT [fe80::1]:" + origin.port() + " HTTP/1.1\r\nHost: x\r\n"
            + "Connection: close\r\n\r\n");

        assertThat(metadata).startsWith("HTTP/1.1 403").contains("destination:metadata")
            .contains("169.254.169.254 is a cloud metadata address");
        assertThat(linkLocal).startsWith("HTTP/1.1 403").contains("destination:link-local");
    }

    @ParameterizedTest
    @ValueSource(strings = {"2130706433", "0x7f000001", "017700000001", "0177.0.0.1", "127.000.000.001",
        "00000127.0.0.1"})
    void numericHostsThatAreNotDottedQuadsAreRefusedAsBadRequests(String host) throws IOException {
        String answer = get("http://" + host + ":" + origin.port() + "/echo/secret");

        assertThat(answer).startsWith("HTTP/1.1 400").contains("is a number but not an IPv4 address");
        assertThat(origin.connections()).isZero();
    }

    @ParameterizedTest
    @ValueSource(strings = {"0x7f.1", "127.1", "1.2.3.4.5", "example.0x1", "example.123"})
    void hostsTheUriCannotHoldAreBadRequestsToo(String host) throws IOException {
        assertThat(get("http://" + host + ":" + origin.port() + "/echo/secret")).startsWith("HTTP/1.1 400");
        assertThat(origin.connections()).isZero();
    }

    @Test
    void aRuleNamingTheDestinationOpensIt() throws Exception {
        Network loopback = Network.of("127.0.0.0/8");
        proxy.close();
        proxy = new ProxyFixture(facts -> facts.destination() == null ? Verdict.undecided("local")
            : new Verdict(true, "local", "", loopback.contains(facts.destination()) ? loopback : null, false),
            interfaceAddresses(), Map.of());

        String answer = get("http://localhost:" + origin.port() + "/echo/allowed");

        assertThat(answer).startsWith("HTTP/1.1 200");
        assertThat(origin.connections()).isEqualTo(1);
    }

    @Test
    void anAddressOfThisNodeNotYetKnownIsRefusedOnceConnected() throws Exception {
        Optional<InetAddress> own = nonLoopbackAddress();
        assumeTrue(own.isPresent(), "this machine has no non-loopback IPv4 address");
        HttpServer server = HttpServer.create(new InetSocketAddress(own.get(), 0), 0);
        try (TestOrigin onOwnAddress = new TestOrigin(server)) {
            // the proxy has not seen this address on an interface yet (LocalAddresses.NONE)
            String answer = get("http://" + own.get().getHostAddress() + ":" + onOwnAddress.port() + "/echo/x");

            assertThat(answer).startsWith("HTTP/1.1 403").contains("destination:self");
            assertThat(onOwnAddress.connections()).isZero(); // connected, then closed before the request went

        }
    }

    @Test
    void thisNodesAddressesKnownFromItsInterfacesAreRefusedBeforeConnecting() throws Exception {
        Optional<InetAddress> own = nonLoopbackAddress();
        assumeTrue(own.isPresent(), "this machine has no non-loopback IPv4 address");
        proxy.close();
        proxy = new ProxyFixture(ALLOW_ALL, new LocalAddresses(java.util.Set.of(own.get()), java.util.Set.of(),
            java.util.Set.of()), Map.of());
        HttpServer server = HttpServer.create(new InetSocketAddress(own.get(), 0), 0);
        try (TestOrigin onOwnAddress = new TestOrigin(server)) {
            String answer = get("http://" + own.get().getHostAddress() + ":" + onOwnAddress.port() + "/echo/x");

            assertThat(answer).startsWith("HTTP/1.1 403").contains("destination:self")
                .contains("this node&#39;s own address");
            assertThat(onOwnAddress.connections()).isZero();
        }
    }

    @Test
    void aRequestThatHasPassedThisProxyBeforeIsALoop() throws IOException {
        String looped = proxy.raw("GET " + origin.url("/echo/loop") + " HTTP/1.1\r\nHost: x\r\n"
            + "Via: 1.1 client-proxy, 1.1 TEST-NODE (Vireo)\r\nConnection: close\r\n\r\n");

        assertThat(looped).startsWith("HTTP/1.1 508 Loop Detected").contains("already passed this proxy (test-node)");
        assertThat(origin.connections()).isZero();
    }

    private String get(String url) throws IOException {
        return proxy.raw("GET " + url + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    }

    private static Optional<InetAddress> nonLoopbackAddress() throws IOException {
        return NetworkInterface.networkInterfaces().filter(i -> {
            try {
                return i.isUp() && !i.isLoopback();
            } catch (java.net.SocketException e) {
                return false;
            }
        }).flatMap(NetworkInterface::inetAddresses).filter(a -> a instanceof Inet4Address).findFirst();
    }
}
