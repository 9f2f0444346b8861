package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.vireo.config.ListeningPorts;
import org.vireo.config.internal.PortRegistry;

/** The DS component, built with new and driven like Service Component Runtime would. */
class ProxyComponentTest {

    private final ListeningPorts ports = new PortRegistry();

    private ProxyComponent component() {
        ProxyComponent c = new ProxyComponent();
        c.ports = ports;
        c.nodeAddresses = new NodeAddresses(); // its interfaces never scanned: only the fixed ranges are protected
        return c;
    }

    @Test
    void withoutRulesEveryRequestIsBlocked() throws Exception {
        ProxyComponent component = component();
        component.activate(Map.of("listenAddress", "127.0.0.1", "port", "0"));
        try (TestOrigin origin = new TestOrigin()) {
            String answer = ProxyFixture.raw(component.address().orElseThrow().getPort(), "GET " + origin.url("/echo/x") + " HTTP/1.1\r\nHost: x\r\n"
                + "Connection: close\r\n\r\n");

            assertThat(answer).startsWith("HTTP/1.1 403").contains("the web security rules are not loaded");
            assertThat(origin.connections()).isZero();
        } finally {
            component.deactivate();
        }
        assertThat(component.address()).isEmpty();
    }

    @Test
    void refusedConfigurationKeepsTheProxyRunning() throws Exception {
        ProxyComponent component = component();
        component.activate(Map.of("listenAddress", "127.0.0.1", "port", "0"));
        try {
            var before = component.address().orElseThrow();

            component.modified(Map.of("listenAddress", "127.0.0.1", "port", "-1"));

            assertThat(component.refusedConfiguration()).hasValueSatisfying(
                m -> assertThat(m).contains("port = -1"));
            assertThat(component.address()).contains(before);
        } finally {
            component.deactivate();
        }
    }

    /** What file install hands over for 4 KB of binary garbage in etc/org.vireo.scanner.proxy.cfg. */
    private static Map<String, Object> garbled() {
        Map<String, Object> m = new HashMap<>(Map.of("service.pid", ProxyOptions.PID,
            "felix.fileinstall.filename", "file:/opt/vireo/etc/org.vireo.scanner.proxy.cfg"));
        Random random = new Random(19);
        for (int i = 0; i < 50; i++) {
            byte[] key = new byte[30];
            random.nextBytes(key);
            m.put(new String(key, StandardCharsets.ISO_8859_1), "\u0007");
        }
        return m;
    }

    @Test
    void givenAGarbledConfigurationAtTheStart_thenTheProxyDoesNotListenAndSaysWhy() throws Exception {
        ProxyComponent component = component();

        component.activate(garbled());

        try {
            assertThat(component.address()).isEmpty();
            assertThat(component.refusedConfiguration()).hasValueSatisfying(m -> assertThat(m)
                .startsWith("configuration org.vireo.scanner.proxy refused: none of its 50 keys is one it reads")
                .endsWith("; and 41 more"));
        } finally {
            component.deactivate();
        }
    }

    @Test
    void givenARunningProxy_whenAGarbledOrMistypedConfigurationArrives_thenItGoesOnAsItWas() throws Exception {
        ProxyComponent component = component();
        component.activate(Map.of("listenAddress", "127.0.0.1", "port", "0"));
        try {
            var before = component.address().orElseThrow();

            component.modified(garbled());
            assertThat(component.address()).contains(before);

            component.modified(Map.of("service.pid", ProxyOptions.PID, "listenAdress", "0.0.0.0", "port", "0"));
            assertThat(component.address()).contains(before);
            assertThat(component.refusedConfiguration()).contains("configuration org.vireo.scanner.proxy refused:"
                + " unknown key 'listenAdress' (did you mean listenAddress?)");
        } finally {
            component.deactivate();
        }
    }

    @Test
    void givenAPortAnotherListenerOfThisNodeHolds_thenTheChangeIsRefusedNamingIt() throws Exception {
        ProxyComponent component = component();
        component.activate(Map.of("listenAddress", "127.0.0.1", "port", "0"));
        ports.claim("org.vireo.balancer", List.of(new ListeningPorts.Port("httpPort",
            InetAddress.getByName("0.0.0.0"), 9090)));
        try {
            var before = component.address().orElseThrow();

            component.modified(Map.of("listenAddress", "127.0.0.1", "port", "9090"));

            assertThat(component.address()).contains(before);
            assertThat(component.refusedConfiguration()).contains("configuration org.vireo.scanner.proxy refused:"
                + " port = 9090: port 9090 is taken on this node by org.vireo.balancer (its httpPort 9090 on 0.0.0.0)");
        } finally {
            component.deactivate();
        }
    }

    @Test
    void givenAPortAnotherProgramHolds_thenTheChangeIsRefusedAndTheProxyStaysWhereItListens() throws Exception {
        ProxyComponent component = component();
        try (ServerSocket other = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            component.activate(Map.of("listenAddress", "127.0.0.1", "port", "0"));
            var before = component.address().orElseThrow();

            component.modified(Map.of("listenAddress", "127.0.0.1", "port", String.valueOf(other.getLocalPort())));

            assertThat(component.address()).contains(before);
            assertThat(component.refusedConfiguration()).hasValueSatisfying(m -> assertThat(m)
                .startsWith("configuration org.vireo.scanner.proxy refused: port = " + other.getLocalPort()
                    + ": cannot listen on /127.0.0.1:" + other.getLocalPort() + ": ")
                .endsWith("(another program has the port)"));
        } finally {
            component.deactivate();
        }
    }
}
