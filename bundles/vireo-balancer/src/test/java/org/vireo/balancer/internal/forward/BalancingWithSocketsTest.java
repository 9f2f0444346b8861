package org.vireo.balancer.internal.forward;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.vireo.settings.BalancerOptions;
import org.vireo.balancer.internal.pool.Pool;

/**
 * The scheduling rules through real sockets: the forwarder with the real pool, scanners on their own loopback
 * addresses (127.0.0.2, .3, ...: the registry reports loads by address), clients bound to 127.0.1.x / 127.0.2.x.
 * Each scanner names itself as soon as a connection arrives, so a client knows where it landed while it stays
 * connected.
 */
class BalancingWithSocketsTest {

    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<ServerSocket> listening = new ArrayList<>();
    private final List<Socket> open = new ArrayList<>();
    private Forwarder forwarder;

    @AfterEach
    void closeAll() throws IOException {
        for (Socket s : open) {
            s.close();
        }
        if (forwarder != null) {
            forwarder.close();
        }
        for (ServerSocket s : listening) {
            s.close();
        }
        threads.shutdownNow();
    }

    /** A scanner on 127.0.0.{@code host}: writes its name at once, then echoes until the client ends. */
    private InetSocketAddress scanner(int host, int port) throws IOException {
        String name = "s" + host;
        ServerSocket s = new ServerSocket();
        s.setReuseAddress(true);
        s.bind(new InetSocketAddress(InetAddress.getByName("127.0.0." + host), port), 200);
        listening.add(s);
        threads.execute(() -> {
            while (!s.isClosed()) {
                try {
                    Socket c = s.accept();
                    threads.execute(() -> {
                        try (c) {
                            ScannerSide.readHeader(c.getInputStream()); // the balancer's, before the client's bytes
                            c.getOutputStream().write((name + "\n").getBytes(StandardCharsets.UTF_8));
                            c.getInputStream().transferTo(c.getOutputStream());
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

    private static String id(InetSocketAddress a) {
        return a.getAddress().getHostAddress() + ":" + a.getPort();
    }

    private Pool pool(String scanners) {
        return new Pool(BalancerOptions.parse(Map.of("scanners", scanners, "slowStartSeconds", "0")),
            System::nanoTime, Duration.ofSeconds(30));
    }

    private InetSocketAddress front(Pool pool) throws InterruptedException {
        forwarder = new Forwarder(pool, new Forwarder.Settings(2000, 30_000, 3, 2));
        return forwarder.listen(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
    }

    private static InetAddress client(int i) throws IOException {
        return InetAddress.getByName("127.0." + (1 + i / 250) + "." + (1 + i % 250));
    }

    /** Connects from {@code from} and reads the scanner's name; the connection stays open. */
    private String connect(InetSocketAddress front, InetAddress from) throws IOException {
        Socket s = new Socket();
        open.add(s);
        s.bind(new InetSocketAddress(from, 0));
        s.connect(front, 5000);
        s.setSoTimeout(10_000);
        return readLine(s.getInputStream());
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder b = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new IOException("closed after '" + b + "'");
            }
            b.append((char) c);
        }
        return b.toString();
    }

    /** Connects, reads the scanner's name, closes. */
    private String once(InetSocketAddress front, InetAddress from) throws IOException {
        String name = connect(front, from);
        Socket s = open.remove(open.size() - 1);
        s.close();
        return name;
    }

    @Test
    void aScannerReportingNinetyPercentCpuGetsMeasurablyLessNewTrafficThanOneAtTen() throws Exception {
        InetSocketAddress busy = scanner(2, 0);
        InetSocketAddress idle = scanner(3, 0);
        Pool pool = pool(id(busy) + ", " + id(idle));
        pool.loads(Map.of("127.0.0.2", new double[] {0.9, 0.2}, "127.0.0.3", new double[] {0.1, 0.2}));
        InetSocketAddress front = front(pool);

        Map<String, Integer> got = new HashMap<>();
        for (int i = 0; i < 400; i++) {
            got.merge(once(front, client(i)), 1, Integer::sum);
        }

        // effective weights 0.1 and 0.9: about 40 of 400 new clients
        assertThat(got.getOrDefault("s2", 0)).isBetween(15, 80);
        assertThat(got.get("s3")).isGreaterThan(300);
    }

    @Test
    void oneHeavyClientPopulationNeverPutsMoreThanCTimesTheFairShareOnAScanner() throws Exception {
        List<InetSocketAddress> all = new ArrayList<>();
        for (int h = 2; h <= 5; h++) {
            all.add(scanner(h, 0));
        }
        Pool pool = pool(String.join(", ", all.stream().map(BalancingWithSocketsTest::id).toList()));
        InetSocketAddress front = front(pool);

        // 8 clients with 40 connections each, all held open: hashing alone would put whole clients together
        Map<String, Integer> got = new HashMap<>();
        int connections = 0;
        for (int c = 0; c < 8; c++) {
            for (int k = 0; k < 40; k++) {
                got.merge(connect(front, client(c)), 1, Integer::sum);
                connections++;
                int fairShareBound = (int) Math.ceil(1.25 * Math.max(connections, 16 * 4) / 4.0);
                for (Map.Entry<String, Integer> e : got.entrySet()) {
                    assertThat(e.getValue()).as("%s after %d connections", e.getKey(), connections)
                        .isLessThanOrEqualTo(fairShareBound);
                }
            }
        }
        assertThat(got).hasSize(4);
        for (InetSocketAddress a : all) {
            assertThat(pool.active(id(a))).isEqualTo(got.get("s" + a.getAddress().getAddress()[3]));
        }
    }

    @Test
    void aDrainedScannerTakesNoNewConnectionWhileItsOpenOnesGoOnUntilTheyEnd() throws Exception {
        InetSocketAddress a = scanner(2, 0);
        InetSocketAddress b = scanner(3, 0);
        Pool pool = pool(id(a) + ", " + id(b));
        InetSocketAddress front = front(pool);
        List<Socket> onA = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            if (connect(front, client(i)).equals("s2")) {
                onA.add(open.get(open.size() - 1));
            }
        }
        assertThat(onA).isNotEmpty();

        pool.configure(BalancerOptions.parse(Map.of("scanners", id(a) + " drain, " + id(b), "slowStartSeconds", "0")));

        for (int i = 0; i < 40; i++) {
            assertThat(once(front, client(i))).as("client %d after the drain", i).isEqualTo("s3");
        }
        for (Socket s : onA) { // still forwarded both ways
            s.getOutputStream().write("still here\n".getBytes(StandardCharsets.UTF_8));
            assertThat(readLine(s.getInputStream())).isEqualTo("still here");
        }
        assertThat(pool.active(id(a))).isEqualTo(onA.size());
        for (Socket s : onA) {
            s.close();
        }
    }

    @Test
    void anFtpClientsDataConnectionReachesTheScannerOfItsControlConnection() throws Exception {
        // the FTP ports: control and one passive port on each scanner, the table lists the HTTP port
        List<InetSocketAddress> http = new ArrayList<>();
        int control;
        int passive;
        try (ServerSocket probe1 = new ServerSocket(0); ServerSocket probe2 = new ServerSocket(0)) {
            control = probe1.getLocalPort();
            passive = probe2.getLocalPort();
        }
        for (int h = 2; h <= 4; h++) {
            http.add(scanner(h, 0));
            scanner(h, control);
            scanner(h, passive);
        }
        Pool pool = pool(String.join(", ", http.stream().map(BalancingWithSocketsTest::id).toList()));
        forwarder = new Forwarder(pool, new Forwarder.Settings(2000, 30_000, 3, 2));
        InetSocketAddress loopback = new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);
        InetSocketAddress ftp = (InetSocketAddress) forwarder.open(loopback, new Route("ftp", control, false), false)
            .localAddress();
        InetSocketAddress data = (InetSocketAddress) forwarder.open(loopback, new Route("ftp-data", passive, false),
            false).localAddress();

        for (int i = 0; i < 30; i++) {
            String controlScanner = connect(ftp, client(i));
            assertThat(once(data, client(i))).as("client %d", i).isEqualTo(controlScanner);
        }
    }
}
