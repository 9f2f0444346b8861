package org.vireo.balancer.internal.forward;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.vireo.settings.BalancerOptions;
import org.vireo.balancer.internal.pool.Pool;

/**
 * The forwarder with the real pool, clients from many loopback addresses (127.0.1.x: each its own client to the
 * scheduler), two scanners on 127.0.0.1: one is killed between two rounds.
 */
class PoolForwardingTest {

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final Map<String, ServerSocket> scanners = new HashMap<>();
    private Forwarder forwarder;

    @AfterEach
    void closeAll() throws IOException {
        if (forwarder != null) {
            forwarder.close();
        }
        for (ServerSocket s : scanners.values()) {
            s.close();
        }
        threads.shutdownNow();
    }

    /** A scanner answering each request with its name, once the client ended the request. */
    private InetSocketAddress scanner(String name) throws IOException {
        return scanner(name, 0);
    }

    /** The same on {@code port} (0: any). */
    private InetSocketAddress scanner(String name, int port) throws IOException {
        ServerSocket s = new ServerSocket();
        s.setReuseAddress(true);
        s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 100);
        scanners.put(name, s);
        threads.execute(() -> {
            while (!s.isClosed()) {
                try {
                    Socket c = s.accept();
                    threads.execute(() -> {
                        try (c) {
                            ScannerSide.readHeader(c.getInputStream());
                            c.getInputStream().readAllBytes();
                            c.getOutputStream().write(name.getBytes(StandardCharsets.UTF_8));
                        } catch (IOException e) {
                            // the client went away
                        }
                    });
                } catch (IOException e) {
                    return;
                }
            }
        });
        return (InetSocketAddress) s.getLocalSocketAddress();
    }

    /**
     * Until the port refuses: a listening socket closed while its accept thread is blocked is released only when
     * that thread wakes, and may take one more connection meanwhile.
     */
    private static void awaitRefused(InetSocketAddress port) throws Exception {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        while (true) {
            try (Socket probe = new Socket()) {
                probe.connect(port, 1000);
            } catch (java.net.ConnectException refused) {
                return;
            }
            assertThat(System.nanoTime()).as("the killed scanner's port still accepts").isLessThan(deadline);
            Thread.sleep(10);
        }
    }

    private static String request(InetSocketAddress front, int client) throws IOException {
        try (Socket s = new Socket()) {
            s.bind(new InetSocketAddress(InetAddress.getByName("127.0.1." + client), 0));
            s.connect(front, 5000);
            s.setSoTimeout(10_000);
            s.getOutputStream().write("GET".getBytes(StandardCharsets.UTF_8));
            s.shutdownOutput();
            return new String(s.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /** A port nobody listens on (yet). */
    private static int closedPort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The pool, telling the test when a connect to a scanner failed. */
    private static final class Watched implements Backends {
        final Pool pool;
        final CompletableFuture<String> failed = new CompletableFuture<>();

        Watched(Pool pool) {
            this.pool = pool;
        }

        @Override
        public Optional<Backend> pick(String client, Set<String> excluded) {
            return pool.pick(client, excluded);
        }

        @Override
        public boolean mayServeSoon() {
            return pool.mayServeSoon();
        }

        @Override
        public void opened(String id) {
            pool.opened(id);
        }

        @Override
        public void closed(String id) {
            pool.closed(id);
        }

        @Override
        public void failed(String id, Throwable cause) {
            pool.failed(id, cause);
            failed.complete(id);
        }
    }

    private static Pool onePool(int port) {
        return new Pool(BalancerOptions.parse(Map.of("scanners", "127.0.0.1:" + port, "slowStartSeconds", "0")),
            System::nanoTime, Duration.ofSeconds(10));
    }

    /**
     * The all-in-one node at start: its balancer listens before its own scanner does. A client that comes in
     * between is refused by the scanner, waits, and is served once the scanner listens, not closed.
     */
    @Test
    void aClientThatComesBeforeItsOnlyScannerListensIsServedOnceItListens() throws Exception {
        clientBeforeTheScannerListens(f -> f.listen(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)));
    }

    /** The same through a listener opened as a backup opens the VIP's when it takes over (IP_FREEBIND). */
    @Test
    void aClientOfAVipTakenOverBeforeTheScannerListensIsServedOnceItListens() throws Exception {
        clientBeforeTheScannerListens(f -> (InetSocketAddress) f.open(
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), Route.HTTP, true).localAddress());
    }

    private interface Front {
        InetSocketAddress open(Forwarder forwarder) throws Exception;
    }

    private void clientBeforeTheScannerListens(Front front) throws Exception {
        int port = closedPort();
        Pool pool = onePool(port);
        Watched backends = new Watched(pool);
        forwarder = new Forwarder(backends, new Forwarder.Settings(2000, 30_000, 3, 2));
        InetSocketAddress listening = front.open(forwarder);

        Future<String> answer = threads.submit(() -> request(listening, 1));
        String refused = backends.failed.get(10, TimeUnit.SECONDS); // its first connect found nobody
        scanner("late", port);

        assertThat(answer.get(10, TimeUnit.SECONDS)).isEqualTo("late");
        assertThat(pool.up(refused)).as("the connect that succeeded ended the hold-down").isTrue();
        assertThat(forwarder.unserved()).isZero();
        assertThat(request(listening, 2)).as("the next client goes straight through").isEqualTo("late");
    }

    @Test
    void aClientWaitsForAScannerHeldDownByARefusedConnectOnlyUpToTheConnectTimeout() throws Exception {
        int port = closedPort();
        Pool pool = onePool(port);
        forwarder = new Forwarder(pool, new Forwarder.Settings(1000, 30_000, 3, 2));
        InetSocketAddress front = forwarder.listen(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));

        assertThat(closedOnClient(front)).as("closed, not left hanging").isTrue();

        assertThat(forwarder.unserved()).isEqualTo(1);
        assertThat(pool.totals("127.0.0.1:" + port)[1]).as("tried again while it waited").isGreaterThan(1);
    }

    @Test
    void aClientIsClosedAtOnceWhenTheOnlyScannersMonitorSaysItIsDown() throws Exception {
        int port = closedPort();
        Pool pool = onePool(port);
        pool.monitor("127.0.0.1:" + port, false);
        forwarder = new Forwarder(pool, new Forwarder.Settings(60_000, 30_000, 3, 2));
        InetSocketAddress front = forwarder.listen(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));

        assertThat(closedOnClient(front)).isTrue(); // within its 10 s read timeout, not after 60 s

        assertThat(forwarder.unserved()).isEqualTo(1);
        assertThat(pool.totals("127.0.0.1:" + port)[1]).as("never tried").isZero();
    }

    /**
     * Whether the balancer closes a client that sent its request and waits for the answer: an end of stream, or a
     * reset (the balancer closed with the request unread), within 10 s.
     */
    private static boolean closedOnClient(InetSocketAddress front) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(front, 5000);
            s.setSoTimeout(10_000);
            s.getOutputStream().write("GET".getBytes(StandardCharsets.UTF_8));
            s.shutdownOutput();
            return s.getInputStream().read() == -1;
        } catch (java.net.SocketException reset) {
            return true;
        }
    }

    @Test
    void aScannerKilledBetweenRoundsFailsNoConnectionAndOnlyItsClientsMove() throws Exception {
        InetSocketAddress a = scanner("a");
        InetSocketAddress b = scanner("b");
        Pool pool = new Pool(BalancerOptions.parse(Map.of("scanners",
            "127.0.0.1:" + a.getPort() + ", 127.0.0.1:" + b.getPort(), "slowStartSeconds", "0")), System::nanoTime,
            Duration.ofSeconds(30));
        forwarder = new Forwarder(pool, new Forwarder.Settings(2000, 30_000, 3, 2));
        InetSocketAddress front = forwarder.listen(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));

        Map<Integer, String> first = new HashMap<>();
        for (int client = 1; client <= 40; client++) {
            first.put(client, request(front, client));
        }
        assertThat(first.values()).contains("a", "b"); // both scanners serve someone
        for (int client = 1; client <= 40; client++) {
            assertThat(request(front, client)).as("client %d stays", client).isEqualTo(first.get(client));
        }

        scanners.get("a").close(); // killed
        awaitRefused(a);
        for (int client = 1; client <= 40; client++) {
            String answer = request(front, client);
            assertThat(answer).as("client %d", client).isEqualTo("b"); // no connection fails
            if (first.get(client).equals("b")) {
                assertThat(answer).as("a client of b does not move").isEqualTo("b");
            }
        }
        assertThat(pool.totals("127.0.0.1:" + a.getPort())[1]).as("connects refused by the killed scanner")
            .isGreaterThanOrEqualTo(1);
    }
}
