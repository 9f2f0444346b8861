package org.vireo.balancer.internal.forward;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The forwarder with real sockets on 127.0.0.1: scanners are small servers in the test. Every case runs on each
 * transport this machine has: half-close and end-of-stream reach the pipeline in a different order on each.
 */
class ForwarderTest {

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
        threads.shutdownNow();
    }

    /** The PROXY headers the scanners of a test read, in order. */
    private final List<ScannerSide.Header> headers = new CopyOnWriteArrayList<>();

    /**
     * A scanner that answers each connection: reads the balancer's PROXY header (kept in {@link #headers}), then
     * to the end of the client's stream, then replies and closes.
     */
    private InetSocketAddress replyAtEnd(String name) throws IOException {
        return replyAtEnd(name, true, InetAddress.getLoopbackAddress());
    }

    /** The same on {@code address}; without {@code header}, a peer that gets none (the master a backup relays to). */
    private InetSocketAddress replyAtEnd(String name, boolean header, InetAddress address) throws IOException {
        ServerSocket s = new ServerSocket(0, 50, address);
        open.add(s);
        threads.execute(() -> {
            while (!s.isClosed()) {
                try (Socket c = s.accept()) {
                    if (header) {
                        headers.add(ScannerSide.readHeader(c.getInputStream()));
                    }
                    byte[] got = c.getInputStream().readAllBytes(); // until the client half-closes
                    c.getOutputStream().write((name + " got " + new String(got, StandardCharsets.UTF_8))
                        .getBytes(StandardCharsets.UTF_8));
                } catch (IOException e) {
                    return;
                }
            }
        });
        return (InetSocketAddress) s.getLocalSocketAddress();
    }

    private static InetSocketAddress deadPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return (InetSocketAddress) s.getLocalSocketAddress();
        }
    }

    /** Backends in a fixed order, recording what the forwarder tells. */
    private static final class Table implements Backends {
        final List<Backend> order;
        final List<String> events = new CopyOnWriteArrayList<>();

        Table(List<Backend> order) {
            this.order = order;
        }

        @Override
        public Optional<Backend> pick(String client, Set<String> excluded) {
            return order.stream().filter(b -> !excluded.contains(b.id())).findFirst();
        }

        @Override
        public void opened(String id) {
            events.add("opened " + id);
        }

        @Override
        public void closed(String id) {
            events.add("closed " + id);
        }

        @Override
        public void failed(String id, Throwable cause) {
            events.add("failed " + id);
        }
    }

    @Nested
    class OnIoUring extends Cases {
        OnIoUring() {
            super(Transport.IO_URING);
        }
    }

    @Nested
    class OnEpoll extends Cases {
        OnEpoll() {
            super(Transport.EPOLL);
        }
    }

    @Nested
    class OnNio extends Cases {
        OnNio() {
            super(Transport.NIO);
        }
    }

    abstract class Cases {

        final Transport transport;

        Cases(Transport transport) {
            this.transport = transport;
        }

        @BeforeEach
        void available() {
            Assumptions.assumeTrue(transport.unavailable().isEmpty(),
                () -> transport.label() + " is not available here: " + transport.unavailable().get());
        }

        private InetSocketAddress forwarder(Backends backends) throws InterruptedException {
            Forwarder f = new Forwarder(backends, new Forwarder.Settings(2000, 30_000, 3, 2), transport);
            open.add(0, f);
            return f.listen(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        }

        private static String exchange(InetSocketAddress to, String request) throws IOException {
            try (Socket s = new Socket(to.getAddress(), to.getPort())) {
                s.setSoTimeout(10_000);
                OutputStream out = s.getOutputStream();
                out.write(request.getBytes(StandardCharsets.UTF_8));
                s.shutdownOutput(); // half-close: the scanner answers only after the end of the request
                InputStream in = s.getInputStream();
                return new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }

        /**
         * What a client that sent {@code request} reads from a connection the forwarder closes at once: nothing,
         * whether the close comes as a FIN or as a reset — the kernel resets a connection closed with the request
         * still unread, and whether it was read first is a race (CI saw the reset on io_uring). A hang still fails:
         * a read timeout is no SocketException.
         */
        private static String exchangeWithAClosedConnection(InetSocketAddress to, String request) throws IOException {
            try {
                return exchange(to, request);
            } catch (SocketException e) {
                if (String.valueOf(e.getMessage()).contains("Connection reset")) {
                    return "";
                }
                throw e;
            }
        }

        @Test
        void bytesGoBothWaysAndAHalfCloseReachesTheScanner() throws Exception {
            Table table = new Table(List.of(new Backends.Backend("a", replyAtEnd("a"))));
            InetSocketAddress front = forwarder(table);

            assertThat(exchange(front, "hello")).isEqualTo("a got hello");
            String big = "x".repeat(3 << 20);
            assertThat(exchange(front, big)).hasSize(("a got ").length() + big.length());
            assertThat(table.events).contains("opened a");
        }

        /** Connects from {@code from}, sends and half-closes, reads the answer; returns the client's own address. */
        private InetSocketAddress exchangeFrom(InetAddress from, InetSocketAddress to, String request,
                                               String expectedAnswer) throws IOException {
            try (Socket s = new Socket()) {
                s.bind(new InetSocketAddress(from, 0));
                s.connect(to, 5000);
                s.setSoTimeout(10_000);
                s.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
                s.shutdownOutput();
                assertThat(new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8))
                    .isEqualTo(expectedAnswer);
                return (InetSocketAddress) s.getLocalSocketAddress();
            }
        }

        @Test
        void theScannerReadsAProxyHeaderNamingTheClientBeforeAnyByteOfTheClients() throws Exception {
            InetSocketAddress front = forwarder(new Table(List.of(new Backends.Backend("a", replyAtEnd("a")))));

            InetSocketAddress client = exchangeFrom(InetAddress.getLoopbackAddress(), front, "hello", "a got hello");

            assertThat(headers).containsExactly(new ScannerSide.Header("PROXY", "TCP4", "127.0.0.1", client.getPort(),
                "127.0.0.1", front.getPort()));
        }

        @Test
        void anIpv6ClientIsNamedInATcp6Header() throws Exception {
            InetAddress v6 = InetAddress.getByName("::1");
            Forwarder f = new Forwarder(new Table(List.of(new Backends.Backend("a", replyAtEnd("a")))),
                new Forwarder.Settings(2000, 30_000, 3, 2), transport);
            open.add(0, f);
            InetSocketAddress front;
            try {
                front = (InetSocketAddress) f.open(new InetSocketAddress(v6, 0), Route.HTTP, false).localAddress();
            } catch (Exception noIpv6) {
                Assumptions.abort("no IPv6 loopback here: " + noIpv6);
                return;
            }

            InetSocketAddress client = exchangeFrom(v6, front, "hello", "a got hello");

            ScannerSide.Header h = headers.get(0);
            assertThat(h.protocol()).isEqualTo("TCP6");
            assertThat(InetAddress.getByName(h.source())).isEqualTo(v6);
            assertThat(h.sourcePort()).isEqualTo(client.getPort());
            assertThat(InetAddress.getByName(h.destination())).isEqualTo(v6);
            assertThat(h.destinationPort()).isEqualTo(front.getPort());
        }

        @Test
        void theFtpPortsConnectionsCarryTheHeaderTooButARelayToTheMasterDoesNot() throws Exception {
            InetSocketAddress scanner = replyAtEnd("ftp");
            Table table = new Table(List.of(new Backends.Backend("a", new InetSocketAddress(scanner.getAddress(),
                3128))));
            Forwarder f = new Forwarder(table, new Forwarder.Settings(2000, 30_000, 3, 2), transport);
            open.add(0, f);
            InetSocketAddress loopback = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
            InetSocketAddress ftp = (InetSocketAddress) f.open(loopback, new Route("ftp", scanner.getPort(), false),
                false).localAddress();
            InetSocketAddress relay = (InetSocketAddress) f.open(loopback,
                Route.HTTP.relayedTo(replyAtEnd("master", false, InetAddress.getLoopbackAddress())), false)
                .localAddress();

            InetSocketAddress client = exchangeFrom(InetAddress.getLoopbackAddress(), ftp, "USER x", "ftp got USER x");
            exchangeFrom(InetAddress.getLoopbackAddress(), relay, "hi", "master got hi"); // no header before "hi"

            assertThat(headers).containsExactly(new ScannerSide.Header("PROXY", "TCP4", "127.0.0.1", client.getPort(),
                "127.0.0.1", ftp.getPort()));
        }

        @Test
        void zeroCopySendsCarryLargeExchangesIntact() throws Exception {
            Forwarder f = new Forwarder(new Table(List.of(new Backends.Backend("a", replyAtEnd("a")))),
                new Forwarder.Settings(2000, 30_000, 3, 2, 4096), transport);
            open.add(0, f);
            InetSocketAddress front = f.listen(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            StringBuilder text = new StringBuilder();
            java.util.Random random = new java.util.Random(8);
            while (text.length() < 3 << 20) {
                text.append(Long.toString(random.nextLong(), 36));
            }

            assertThat(exchange(front, text.toString())).isEqualTo("a got " + text);
        }

        @Test
        void aRefusedConnectIsRetriedOnAnotherScannerWithoutTheClientSeeingIt() throws Exception {
            Table table = new Table(List.of(new Backends.Backend("dead", deadPort()),
                new Backends.Backend("b", replyAtEnd("b"))));
            InetSocketAddress front = forwarder(table);

            assertThat(exchange(front, "hi")).isEqualTo("b got hi");
            assertThat(table.events).containsSubsequence("failed dead", "opened b");
        }

        @Test
        void aRelayedRouteGoesToTheMasterWithoutTheScannerTableAndAFailedRelayClosesTheClient() throws Exception {
            Table table = new Table(List.of(new Backends.Backend("a", replyAtEnd("a"))));
            Forwarder f = new Forwarder(table, new Forwarder.Settings(2000, 30_000, 3, 2), transport);
            open.add(0, f);
            InetSocketAddress loopback = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
            InetSocketAddress master = replyAtEnd("master", false, InetAddress.getLoopbackAddress());
            InetSocketAddress relay = (InetSocketAddress) f.open(loopback, Route.HTTP.relayedTo(master), false)
                .localAddress();

            assertThat(exchange(relay, "hi")).isEqualTo("master got hi");
            assertThat(f.relayed()).isEqualTo(1);
            assertThat(table.events).as("the master balances: not a connection of this node's table").isEmpty();

            InetSocketAddress gone = (InetSocketAddress) f.open(loopback, Route.HTTP.relayedTo(deadPort()), false)
                .localAddress();
            // closed at once, not a hang, and not sent to a scanner
            assertThat(exchangeWithAClosedConnection(gone, "hi")).isEmpty();
            assertThat(table.events).isEmpty();
            assertThat(f.unserved()).isEqualTo(1);
        }

        @Test
        void whenNoScannerCanTakeAClientItsConnectionIsClosedAtOnce() throws Exception {
            Table table = new Table(List.of(new Backends.Backend("dead", deadPort())));
            InetSocketAddress front = forwarder(table);

            try (Socket s = new Socket(front.getAddress(), front.getPort())) {
                s.setSoTimeout(10_000); // a hang would fail with SocketTimeoutException
                assertThat(s.getInputStream().read()).isEqualTo(-1);
            }
            assertThat(table.events).containsExactly("failed dead");
        }

        @Test
        void aScannerThatDoesNotReadSlowsTheClientInsteadOfFillingTheForwardersMemory() throws Exception {
            ServerSocket stalled = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
            open.add(stalled);
            List<Socket> accepted = new CopyOnWriteArrayList<>();
            threads.execute(() -> {
                try {
                    accepted.add(stalled.accept()); // accepts, never reads
                } catch (IOException e) {
                    // closed at the end
                }
            });
            InetSocketAddress front = forwarder(new Table(List.of(new Backends.Backend("slow",
                (InetSocketAddress) stalled.getLocalSocketAddress()))));

            long offered = 64L << 20;
            long written = 0;
            try (java.nio.channels.SocketChannel client = java.nio.channels.SocketChannel.open(front)) {
                client.configureBlocking(false);
                java.nio.ByteBuffer chunk = java.nio.ByteBuffer.allocateDirect(64 * 1024);
                int stalls = 0;
                long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(20);
                // write until the kernel refuses more many times in a row: the pipe is full end to end
                while (written < offered && stalls < 200 && System.nanoTime() < deadline) {
                    chunk.clear();
                    int n = client.write(chunk);
                    if (n == 0) {
                        stalls++;
                        Thread.sleep(5); // give the forwarder the chance to drain, if it would
                    } else {
                        stalls = 0;
                        written += n;
                    }
                }
            }
            for (Socket s : accepted) {
                s.close();
            }
            // socket buffers on the way hold a few MB; a forwarder that read on regardless would take all 64 MB
            assertThat(written).isLessThan(offered / 2);
        }
    }
}
