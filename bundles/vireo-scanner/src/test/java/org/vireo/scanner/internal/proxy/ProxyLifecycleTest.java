package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.ConnectException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ProxyLifecycleTest {

    @Test
    void stopClosesIdleKeepAliveConnectionsAndTheListener() throws Exception {
        try (TestOrigin origin = new TestOrigin()) {
            ProxyFixture proxy = new ProxyFixture(ProxyFixture.ALLOW_ALL, Map.of());
            try (Socket socket = new Socket("127.0.0.1", proxy.port())) {
                socket.setSoTimeout(10_000);
                socket.getOutputStream().write(("GET " + origin.url("/echo/a") + " HTTP/1.1\r\nHost: x\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
                assertThat(ProxyForwardingTest.readOneResponse(socket.getInputStream())).startsWith("HTTP/1.1 200");
                assertThat(proxy.server.counters().activeConnections()).isEqualTo(1);

                proxy.server.stop(Duration.ofSeconds(2));

                assertThat(socket.getInputStream().read()).isEqualTo(-1); // closed by the proxy
            }
            assertThatThrownBy(() -> new Socket("127.0.0.1", proxy.port()).close())
                .isInstanceOf(ConnectException.class);
        }
    }

    @Test
    void idleClientConnectionIsClosedAfterTheIdleTimeout() throws Exception {
        try (ProxyFixture proxy = new ProxyFixture(ProxyFixture.ALLOW_ALL, Map.of("idleTimeoutMillis", 200));
             Socket socket = new Socket("127.0.0.1", proxy.port())) {
            socket.setSoTimeout(10_000);

            assertThat(socket.getInputStream().read()).isEqualTo(-1); // closed by the proxy, without an answer
        }
    }

    @Test
    void startingTwiceIsRefused() throws Exception {
        try (ProxyFixture proxy = new ProxyFixture(ProxyFixture.ALLOW_ALL, Map.of())) {
            assertThatThrownBy(() -> proxy.server.start(ProxyOptions.parse(Map.of("port", 0))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("already running");
        }
    }
}
