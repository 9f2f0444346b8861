package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** The DS component, built with new and driven like Service Component Runtime would. */
class ProxyComponentTest {

    @Test
    void withoutRulesEveryRequestIsBlocked() throws Exception {
        ProxyComponent component = new ProxyComponent();
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
        ProxyComponent component = new ProxyComponent();
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
}
