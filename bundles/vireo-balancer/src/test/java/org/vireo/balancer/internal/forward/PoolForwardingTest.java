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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.vireo.balancer.internal.config.BalancerOptions;
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
        ServerSocket s = new ServerSocket(0, 100, InetAddress.getLoopbackAddress());
        scanners.put(name, s);
        threads.execute(() -> {
            while (!s.isClosed()) {
                try {
                    Socket c = s.accept();
                    threads.execute(() -> {
                        try (c) {
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
