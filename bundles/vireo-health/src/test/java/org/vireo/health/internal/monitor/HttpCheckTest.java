package org.vireo.health.internal.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.vireo.health.CheckResult;
import org.vireo.settings.MonitorOptions;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

class HttpCheckTest {

    private final CountDownLatch released = new CountDownLatch(1);
    private final CountDownLatch streaming = new CountDownLatch(1);
    private final CountDownLatch clientGone = new CountDownLatch(1);
    private HttpServer server;
    private ExecutorService handlers;
    private Checks checks;

    @BeforeEach
    void startServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        handlers = Executors.newCachedThreadPool();
        server.setExecutor(handlers);
        server.createContext("/ok", x -> answer(x, 200, "status: ok"));
        server.createContext("/busy", x -> answer(x, 503, "busy"));
        server.createContext("/aaaa", x -> answer(x, 200, "a".repeat(11) + "b".repeat(200)));
        server.createContext("/moved", x -> {
            x.getResponseHeaders().add("Location", "/ok");
            answer(x, 302, "");
        });
        server.createContext("/silent", x -> awaitRelease());
        server.createContext("/trickle", this::trickle);
        server.start();
        checks = new Checks(Path.of("/nonexistent"));
    }

    @AfterEach
    void stopServer() {
        released.countDown();
        server.stop(0);
        handlers.shutdownNow();
        checks.close();
    }

    @Test
    void anExpectedStatusPasses() throws Exception {
        CheckResult r = get("/ok", "200-399", null);

        assertThat(r.success()).isTrue();
        assertThat(r.detail()).startsWith("HTTP 200 in ").endsWith(" ms");
    }

    @Test
    void anotherStatusFailsAndSaysWhatWasExpected() throws Exception {
        assertThat(get("/busy", "200-399", null)).extracting(CheckResult::success, CheckResult::detail)
            .containsExactly(false, "HTTP 503 (expected 200-399)");
        assertThat(get("/busy", "200,503", null).success()).isTrue();
        assertThat(get("/ok", "204,300-399", null).detail()).isEqualTo("HTTP 200 (expected 204,300-399)");
    }

    @Test
    void aRedirectIsAStatusNotFollowed() throws Exception {
        assertThat(get("/moved", "200", null).detail()).isEqualTo("HTTP 302 (expected 200)");
        assertThat(get("/moved", "300-399", null).success()).isTrue();
    }

    @Test
    void theBodyMustContainAMatchAnywhere() throws Exception {
        CheckResult found = get("/ok", "200", "(ok|fine)");
        assertThat(found.success()).isTrue();
        assertThat(found.detail()).startsWith("HTTP 200 in ").endsWith(" ms, body matches '(ok|fine)'");

        assertThat(get("/ok", "200", "healthy")).extracting(CheckResult::success, CheckResult::detail)
            .containsExactly(false, "body does not match 'healthy' (HTTP 200, 10 bytes read)");
    }

    @Test
    void aBodyPatternThatBacktracksCatastrophicallyFailsTheCheckSayingSo() throws Exception {
        assertThat(get("/aaaa", "200", "(.*a){12}")).extracting(CheckResult::success, CheckResult::detail)
            .containsExactly(false, "bodyMatch '(.*a){12}' gave up on the body (HTTP 200, 211 bytes read): the pattern"
                + " backtracks too much, make it simpler");
    }

    @Test
    void aWrongStatusFailsBeforeTheBodyIsLookedAt() throws Exception {
        assertThat(get("/busy", "200", "busy").detail()).isEqualTo("HTTP 503 (expected 200)");
    }

    @Test
    void aRefusedConnectionSaysSo() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        CheckResult r = check(URI.create("http://127.0.0.1:" + closedPort + "/"), "200", null).start()
            .get(10, TimeUnit.SECONDS);

        assertThat(r).extracting(CheckResult::success, CheckResult::detail).containsExactly(false, "connection refused");
    }

    @Test
    void aServerThatNeverAnswersTimesOut() throws Exception {
        MonitorOptions o = MonitorOptions.parse(Map.of("name", "silent", "type", "http",
            "url", url("/silent").toString(), "intervalMillis", "5000", "timeoutMillis", "200"));
        var executor = Executors.newScheduledThreadPool(2);
        CompletableFuture<CheckResult> first = new CompletableFuture<>();
        try {
            MonitorRunner runner = new MonitorRunner(o, checks.create(o), executor, new Tally(2, 1, Instant.now()),
                s -> first.complete(s.lastResult().orElseThrow()));
            runner.start(0);
            CheckResult r = first.get(10, TimeUnit.SECONDS);
            runner.stop();

            assertThat(r).extracting(CheckResult::success, CheckResult::detail)
                .containsExactly(false, "timed out after 200 ms");
            assertThat(r.latency()).isGreaterThanOrEqualTo(Duration.ofMillis(200));
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    void aCancelledCheckEndsTheRequestAndItsConnection() throws Exception {
        CompletableFuture<CheckResult> running = check(url("/trickle"), "200", "never").start();
        assertThat(streaming.await(10, TimeUnit.SECONDS)).isTrue();

        running.cancel(true);

        assertThat(clientGone.await(10, TimeUnit.SECONDS)).as("the server sees the connection closed").isTrue();
    }

    private CheckResult get(String path, String expect, String bodyMatch) throws Exception {
        return check(url(path), expect, bodyMatch).start().get(10, TimeUnit.SECONDS);
    }

    private HttpCheck check(URI url, String expect, String bodyMatch) {
        Map<String, Object> raw = new HashMap<>(Map.of("name", "web", "type", "http", "url", url.toString(),
            "expectStatus", expect, "timeoutMillis", "5000", "intervalMillis", "5000"));
        if (bodyMatch != null) {
            raw.put("bodyMatch", bodyMatch);
        }
        return (HttpCheck) checks.create(MonitorOptions.parse(raw));
    }

    private URI url(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    private static void answer(HttpExchange x, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        x.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        try (OutputStream out = x.getResponseBody()) {
            out.write(bytes);
        }
    }

    private void awaitRelease() {
        try {
            released.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Answers 200 and then a byte every 20 ms, until the client closes the connection. */
    private void trickle(HttpExchange x) throws IOException {
        x.sendResponseHeaders(200, 0);
        OutputStream out = x.getResponseBody();
        streaming.countDown();
        try {
            while (released.getCount() > 0) {
                out.write('.');
                out.flush();
                released.await(20, TimeUnit.MILLISECONDS);
            }
        } catch (IOException e) {
            clientGone.countDown();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
