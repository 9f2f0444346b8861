package org.vireo.health.internal.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.vireo.health.CheckResult;
import org.vireo.health.MonitorStatus;
import org.vireo.settings.MonitorOptions;

class TcpCheckTest {

    private final Checks checks = new Checks(Path.of("/nonexistent"));
    private final List<SocketChannel> fillers = new ArrayList<>();

    @AfterEach
    void close() throws IOException {
        checks.close();
        for (SocketChannel c : fillers) {
            c.close();
        }
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

    @Test
    void aPeerThatNeverAcceptsTimesOutAndTheCheckClosesItsSocket() throws Exception {
        try (ServerSocket listener = fullBacklog()) {
            int port = listener.getLocalPort();
            MonitorOptions o = tcp(port, "200");
            var executor = Executors.newScheduledThreadPool(2);
            CompletableFuture<CheckResult> first = new CompletableFuture<>();
            try {
                MonitorRunner runner = new MonitorRunner(o, checks.create(o), executor,
                    new Tally(2, 1, Instant.now()), s -> first.complete(s.lastResult().orElseThrow()));
                runner.start(0);
                CheckResult r = first.get(10, TimeUnit.SECONDS);

                assertThat(r).extracting(CheckResult::success, CheckResult::detail)
                    .containsExactly(false, "timed out after 200 ms");
                assertThat(connectsInProgress(port)).as("the filler's SYN only: the check's socket is closed")
                    .isEqualTo(1);
                runner.stop();
            } finally {
                executor.shutdownNow();
            }
        }
    }

    @Test
    void aCheckCancelledWhileConnectingClosesItsSocketAndReportsNothing() throws Exception {
        try (ServerSocket listener = fullBacklog()) {
            int port = listener.getLocalPort();
            MonitorOptions o = tcp(port, "30000");
            var executor = Executors.newScheduledThreadPool(2);
            AtomicReference<MonitorStatus> told = new AtomicReference<>();
            try {
                MonitorRunner runner = new MonitorRunner(o, checks.create(o), executor,
                    new Tally(2, 1, Instant.now()), told::set);
                runner.start(0);
                awaitConnectsInProgress(port, 2); // the filler's and the check's

                runner.stop();

                assertThat(connectsInProgress(port)).as("the check's socket is closed by the cancel").isEqualTo(1);
                assertThat(runner.status().lastResult()).isEmpty();
                assertThat(told.get()).isNull();
            } finally {
                executor.shutdownNow();
            }
        }
    }

    @Test
    void aCancelledCheckStaysCancelled() throws Exception {
        try (ServerSocket listener = fullBacklog()) {
            int port = listener.getLocalPort();
            CompletableFuture<CheckResult> running = checks.create(tcp(port, "30000")).start();
            awaitConnectsInProgress(port, 2);

            running.cancel(true);

            assertThat(connectsInProgress(port)).isEqualTo(1);
            assertThatThrownBy(running::join).isInstanceOf(CancellationException.class);
        }
    }

    private static MonitorOptions tcp(int port, String timeoutMillis) {
        return MonitorOptions.parse(new HashMap<>(Map.of("name", "t", "type", "tcp", "host", "127.0.0.1",
            "port", String.valueOf(port), "timeoutMillis", timeoutMillis, "intervalMillis", "60000")));
    }

    /**
     * A listener that never accepts, its accept queue filled: Linux then drops every further SYN (the queue holds
     * backlog + 1), so a connect to it stays in SYN_SENT, as with a peer that drops SYNs. Filled until a connect does
     * not complete; that last one stays pending (one connect in progress to the port).
     */
    private ServerSocket fullBacklog() throws IOException {
        ServerSocket listener = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        try (Selector selector = Selector.open()) {
            for (int i = 0; i < 16; i++) {
                SocketChannel c = SocketChannel.open();
                fillers.add(c);
                c.configureBlocking(false);
                if (c.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), listener.getLocalPort()))) {
                    continue;
                }
                SelectionKey key = c.register(selector, SelectionKey.OP_CONNECT);
                if (selector.select(2000) == 0) {
                    key.cancel();
                    return listener; // queued SYN dropped: the queue is full
                }
                selector.selectedKeys().clear();
                key.cancel();
                c.finishConnect();
            }
        }
        listener.close();
        throw new IllegalStateException("the accept queue never filled");
    }

    /**
     * Connections from this host to the port in SYN_SENT, as the kernel lists them (tcp6 too: the JVM's sockets are
     * IPv6 ones, 127.0.0.1 as ::ffff:127.0.0.1).
     */
    private static long connectsInProgress(int port) throws IOException {
        String remote = String.format(":%04X", port);
        long n = 0;
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            n += Files.readAllLines(Path.of(table)).stream().skip(1).map(l -> l.trim().split("\\s+"))
                .filter(f -> f[2].endsWith(remote) && f[3].equals("02")).count();
        }
        return n;
    }

    private static void awaitConnectsInProgress(int port, long n) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (connectsInProgress(port) != n) {
            assertThat(System.nanoTime()).as("%d connects in progress to %d", n, port).isLessThan(deadline);
            LockSupport.parkNanos(2_000_000); // the kernel's table is the event: polled, there is nothing to wait on
        }
    }

    private CheckResult connect(String host, int port) throws Exception {
        Check check = checks.create(MonitorOptions.parse(Map.of("name", "t", "type", "tcp", "host", host,
            "port", String.valueOf(port))));
        return check.start().get(10, TimeUnit.SECONDS);
    }
}
