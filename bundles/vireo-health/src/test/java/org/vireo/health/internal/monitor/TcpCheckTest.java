package org.vireo.health.internal.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.vireo.health.CheckResult;

class TcpCheckTest {

    private final Checks checks = new Checks(Path.of("/nonexistent"));

    @AfterEach
    void close() {
        checks.close();
    }

    @Test
    void aListeningPortConnects() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            CheckResult r = connect("127.0.0.1", listener.getLocalPort());

            assertThat(r.success()).isTrue();
            assertThat(r.detail()).matches("connected in \\d+ ms");
        }
    }

    @Test
    void aClosedPortIsRefused() throws Exception {
        int port;
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            port = listener.getLocalPort();
        }

        assertThat(connect("127.0.0.1", port)).extracting(CheckResult::success, CheckResult::detail)
            .containsExactly(false, "connection refused");
    }

    @Test
    void anIpv6LoopbackLiteralNeedsNoLookup() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getByName("::1"))) {
            assertThat(connect("::1", listener.getLocalPort()).success()).isTrue();
        }
    }

    @Test
    void aHostNameIsLookedUpOffTheSchedulerThreads() throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))) {
            assertThat(connect("localhost", listener.getLocalPort()).success()).isTrue(); // /etc/hosts
        }
    }

    private CheckResult connect(String host, int port) throws Exception {
        Check check = checks.create(MonitorOptions.parse(Map.of("name", "t", "type", "tcp", "host", host,
            "port", String.valueOf(port))));
        return check.start().get(10, TimeUnit.SECONDS);
    }
}
