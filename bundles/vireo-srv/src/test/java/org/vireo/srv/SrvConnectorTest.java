package org.vireo.srv;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpServer;

/** The connector against real HTTP servers on loopback that answer with redirect chains. */
class SrvConnectorTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) {
            c.close();
        }
    }

    /** A server whose /hello redirects {@code hops} times (302, /r1, /r2 ...) before answering 200. */
    private int chain(int hops) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(LOOPBACK, 0), 16);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            int at = path.equals("/hello") ? 0 : Integer.parseInt(path.substring(2));
            if (at < hops) {
                exchange.getResponseHeaders().add("Location", "/r" + (at + 1));
                exchange.sendResponseHeaders(302, -1);
            } else {
                exchange.sendResponseHeaders(200, -1);
            }
            exchange.close();
        });
        server.start();
        open.add(() -> server.stop(0));
        return server.getAddress().getPort();
    }

    /** A server whose /hello redirects to /a, /a to /b and /b back to /a. */
    private int loop() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(LOOPBACK, 0), 16);
        server.createContext("/", exchange -> {
            String path = exchange.getRequestURI().getPath();
            exchange.getResponseHeaders().add("Location", path.equals("/a") ? "/b" : "/a");
            exchange.sendResponseHeaders(307, -1);
            exchange.close();
        });
        server.start();
        open.add(() -> server.stop(0));
        return server.getAddress().getPort();
    }

    /**
     * A port that takes no connection and refuses none: its accept queue is full, so the kernel drops further
     * SYNs and a connect waits out its timeout, as with a dead host.
     */
    private int blackHole() throws IOException {
        ServerSocket full = new ServerSocket(0, 1, LOOPBACK);
        open.add(full);
        for (int i = 0; i < 8; i++) {
            Socket s = new Socket();
            open.add(s);
            try {
                s.connect(full.getLocalSocketAddress(), 100);
            } catch (IOException e) {
                return full.getLocalPort(); // the queue is full: the next SYN goes unanswered
            }
        }
        return full.getLocalPort();
    }

    private static Resolution.Candidates candidates(int... ports) {
        List<Resolution.Candidate> list = new ArrayList<>();
        for (int p : ports) {
            list.add(new Resolution.Candidate("127.0.0.1", List.of(LOOPBACK), p, 0, 0));
        }
        return new Resolution.Candidates("test", Resolution.Source.SRV, list);
    }

    private static SrvConnector connector(Duration connectTimeout, Duration stagger) {
        return SrvConnector.standard(new SrvConnector.Settings("http", "/hello", connectTimeout,
            Duration.ofSeconds(10), stagger));
    }

    @Test
    void exactlyFiveRedirectsAreFollowedAndTheSixthFailsTheCandidate() throws Exception {
        for (int hops = 0; hops <= 7; hops++) {
            int first = chain(hops);
            int healthy = chain(0);
            SrvConnector.Result r = connector(Duration.ofSeconds(5), Duration.ZERO).connect(candidates(first, healthy));

            List<SrvConnector.Step> ofFirst = r.steps().stream().filter(s -> s.candidate() == 0).toList();
            if (hops <= SrvConnector.MAX_REDIRECTS) {
                assertThat(r.endpoint()).as("%d redirects", hops)
                    .contains("http://127.0.0.1:" + first + (hops == 0 ? "/hello" : "/r" + hops));
                assertThat(ofFirst).hasSize(hops + 1);
            } else {
                assertThat(r.endpoint()).as("%d redirects", hops).contains("http://127.0.0.1:" + healthy + "/hello");
                assertThat(ofFirst).as("five followed, the sixth seen and refused").hasSize(6);
                assertThat(ofFirst.get(5).outcome()).contains("more than 5 redirects, candidate failed");
            }
        }
    }

    @Test
    void aRedirectLoopIsCaughtBeforeTheLimit() throws Exception {
        int looping = loop();
        int healthy = chain(1);
        SrvConnector.Result r = connector(Duration.ofSeconds(5), Duration.ZERO).connect(candidates(looping, healthy));

        assertThat(r.endpoint()).contains("http://127.0.0.1:" + healthy + "/r1");
        List<SrvConnector.Step> ofLoop = r.steps().stream().filter(s -> s.candidate() == 0).toList();
        assertThat(ofLoop).hasSize(4); // /hello -> /a -> /b -> /a: caught on coming back
        assertThat(ofLoop.get(3).outcome()).startsWith("redirect loop");
    }

    @Test
    void withAStaggeredStartADeadFirstCandidateDoesNotHoldUpTheSecond() throws Exception {
        int dead = blackHole();
        int healthy = chain(0);

        SrvConnector.Result sequential = connector(Duration.ofSeconds(2), Duration.ZERO)
            .connect(candidates(dead, healthy));
        assertThat(sequential.endpoint()).contains("http://127.0.0.1:" + healthy + "/hello");
        assertThat(sequential.steps().get(0).candidate()).as("waited for the dead one's connect timeout").isZero();
        assertThat(sequential.steps().get(0).outcome()).contains("HttpConnectTimeoutException");

        SrvConnector.Result staggered = connector(Duration.ofSeconds(30), Duration.ofMillis(100))
            .connect(candidates(dead, healthy));
        assertThat(staggered.endpoint()).contains("http://127.0.0.1:" + healthy + "/hello");
        assertThat(staggered.steps()).as("the second answered while the first was still connecting")
            .extracting(SrvConnector.Step::candidate).containsExactly(1);
    }

    /** A lookup that answers from a table, and never for a family the table does not hold (a lost query). */
    private static AddressLookup table(java.util.Map<String, List<InetAddress>> aaaa,
                                       java.util.Map<String, List<InetAddress>> a) {
        return (host, ipv6) -> {
            List<InetAddress> answer = (ipv6 ? aaaa : a).get(host);
            return answer == null ? new java.util.concurrent.CompletableFuture<>()
                : java.util.concurrent.CompletableFuture.completedFuture(answer);
        };
    }

    private static Resolution.Candidates srv(String target, int port) {
        return new Resolution.Candidates("test", Resolution.Source.SRV,
            List.of(new Resolution.Candidate(target, List.of(), port, 0, 0)));
    }

    @Test
    void aTargetWithBothFamiliesIsTriedAtItsIpv6AddressFirst_thenAtOnceAtItsIpv4OneWhenThatFails() throws Exception {
        int healthy = chain(0); // on 127.0.0.1 only: ::1 refuses the connection
        AddressLookup lookup = table(java.util.Map.of("both.test", List.of(InetAddress.getByName("::1"))),
            java.util.Map.of("both.test", List.of(LOOPBACK)));

        SrvConnector.Result r = connector(Duration.ofSeconds(5), Duration.ofSeconds(30)).connect(srv("both.test",
            healthy), lookup);

        assertThat(r.endpoint()).contains("http://127.0.0.1:" + healthy + "/hello");
        assertThat(r.steps()).extracting(SrvConnector.Step::url).containsExactly(
            "http://[0:0:0:0:0:0:0:1]:" + healthy + "/hello", "http://127.0.0.1:" + healthy + "/hello");
        assertThat(r.steps().get(0).outcome()).contains("ConnectException");
    }

    @Test
    void anAaaaAnswerThatNeverComesHoldsIpv4BackOnlyTheResolutionDelay() throws Exception {
        int healthy = chain(0);
        AddressLookup lookup = table(java.util.Map.of(), java.util.Map.of("v4.test", List.of(LOOPBACK)));

        SrvConnector.Result r = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(Duration.ofSeconds(20),
            () -> connector(Duration.ofSeconds(5), Duration.ZERO).connect(srv("v4.test", healthy), lookup));

        assertThat(r.endpoint()).contains("http://127.0.0.1:" + healthy + "/hello");
    }

    @Test
    void candidatesOfSrvRecordsAreLookedUpAndOthersKeepTheirAddresses() throws Exception {
        int healthy = chain(0);
        AddressLookup none = table(java.util.Map.of(), java.util.Map.of());
        Resolution.Candidates literal = new Resolution.Candidates("127.0.0.1", Resolution.Source.LITERAL,
            List.of(new Resolution.Candidate("127.0.0.1", List.of(LOOPBACK), healthy, 0, 0)));

        SrvConnector.Result r = connector(Duration.ofSeconds(5), Duration.ZERO).connect(literal, none);

        assertThat(r.endpoint()).contains("http://127.0.0.1:" + healthy + "/hello");
    }
}
