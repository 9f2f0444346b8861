package org.vireo.notify.internal.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.osgi.service.event.Event;
import org.vireo.events.EventLog;
import org.vireo.events.NodeEvent;
import org.vireo.events.internal.EventLogComponent;
import org.vireo.notify.internal.LogSink;
import org.vireo.notify.internal.SelfSigned;

/**
 * Webhooks on the node's real event log, posting to a real HTTP server of the test (the JDK's, on 127.0.0.1) that
 * answers what the test tells it to, and checks each post's signature as a receiver would.
 */
@Timeout(60)
class WebhookSinkTest {

    private static final String SECRET = "s3cret";

    @TempDir
    Path dir;

    private final EventLogComponent log = new EventLogComponent();
    private final List<String> received = new CopyOnWriteArrayList<>();
    /** The statuses to answer, in turn; 204 once they are used up. */
    private final ConcurrentLinkedQueue<Integer> answers = new ConcurrentLinkedQueue<>();
    private HttpServer server;
    private LogSink sink;

    @BeforeEach
    void start() {
        log.activate(Map.of());
    }

    @AfterEach
    void stop() {
        if (sink != null) {
            sink.stop();
        }
        if (server != null) {
            server.stop(0);
        }
        log.deactivate();
    }

    /** Records each post: its status answered, its event's seq and type, whether its signature is right. */
    private void handle(HttpExchange exchange) throws IOException {
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        String timestamp = exchange.getRequestHeaders().getFirst("X-Vireo-Timestamp");
        String signature = exchange.getRequestHeaders().getFirst("X-Vireo-Signature");
        boolean signed = signature != null && signature.equals(expectedSignature(timestamp, body));
        Integer status = answers.poll();
        int answered = status == null ? 204 : status;
        received.add(answered + " " + exchange.getRequestHeaders().getFirst("X-Vireo-Delivery") + " "
            + exchange.getRequestHeaders().getFirst("X-Vireo-Event") + (signed ? " signed" : " unsigned") + " "
            + new String(body, StandardCharsets.UTF_8));
        byte[] reply = answered >= 400 ? "try later".getBytes(StandardCharsets.UTF_8) : new byte[0];
        exchange.sendResponseHeaders(answered, reply.length == 0 ? -1 : reply.length);
        exchange.getResponseBody().write(reply);
        exchange.close();
    }

    /** What a receiver computes: HMAC-SHA256 with the shared secret of "<timestamp>.<body>". */
    private static String expectedSignature(String timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((timestamp + ".").getBytes(StandardCharsets.US_ASCII));
            return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    private String httpServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/hook", this::handle);
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
    }

    private LogSink webhook(Map<String, Object> config) {
        WebhookOptions options = WebhookOptions.parse(config);
        sink = new LogSink("webhook", options.name(), options.events(), new WebhookSender(options, Instant::now),
            log, () -> "n1", fields -> log.handleEvent(new Event(LogSink.TEST_TOPIC, fields)));
        sink.start(EventLog.LIVE);
        return sink;
    }

    private void post(long priority) {
        log.handleEvent(new Event("org/vireo/vrrp/TRANSITION", Map.of("instance", "a", "to", "MASTER",
            "priority", priority)));
    }

    @Test
    void aTargetThatFailsThenRecoversGetsEveryEvent_inOrder_signed_afterRetries() throws Exception {
        String url = httpServer();
        answers.addAll(List.of(503, 503, 204, 429, 204));
        webhook(Map.of("name", "ops", "url", url, "secret", SECRET, "retryDelayMillis", "10"));

        post(1);
        post(2);
        post(3);
        String tested = sink.test().get(30, TimeUnit.SECONDS);

        assertThat(tested).startsWith("HTTP 204 in ");
        List<NodeEvent> events = log.read(0, 10);
        assertThat(received).containsExactly(
            "503 n1-1 vrrp.transition signed " + events.get(0).toJson("n1"),
            "503 n1-1 vrrp.transition signed " + events.get(0).toJson("n1"),
            "204 n1-1 vrrp.transition signed " + events.get(0).toJson("n1"),
            "429 n1-2 vrrp.transition signed " + events.get(1).toJson("n1"),
            "204 n1-2 vrrp.transition signed " + events.get(1).toJson("n1"),
            "204 n1-3 vrrp.transition signed " + events.get(2).toJson("n1"),
            "204 n1-4 notify.test signed " + events.get(3).toJson("n1"));
        assertThat(sink.status().sent()).isEqualTo(4);
        assertThat(sink.status().failed()).isZero();
    }

    @Test
    void aRefusalIsNotRetried_andRetriesRunOut_eachAFailureThatSaysWhy() throws Exception {
        String url = httpServer();
        answers.addAll(List.of(400, 500, 500, 500));
        webhook(Map.of("name", "ops", "url", url, "retries", "2", "retryDelayMillis", "10"));

        post(1);
        post(2);
        String tested = sink.test().get(30, TimeUnit.SECONDS);

        assertThat(tested).startsWith("HTTP 204");
        assertThat(received).extracting(r -> r.split(" ", 3)[0] + " " + r.split(" ", 3)[1])
            .containsExactly("400 n1-1", "500 n1-2", "500 n1-2", "500 n1-2", "204 n1-3");
        assertThat(received).allMatch(r -> r.contains(" unsigned "));
        assertThat(sink.status().failed()).isEqualTo(2);
        assertThat(sink.status().sent()).isEqualTo(1);
        assertThat(sink.status().lastError()).startsWith("HTTP 500 'try later' (attempt 3) in ")
            .endsWith(", no retry left");
    }

    @Test
    void aTargetThatIsDownIsRetriedAndFails_theNextEventGoesOn() throws Exception {
        String url = httpServer();
        server.stop(0); // nothing listens there now
        server = null;
        webhook(Map.of("name", "ops", "url", url, "retries", "1", "retryDelayMillis", "10"));

        post(1);
        String tested = sink.test().get(30, TimeUnit.SECONDS);

        assertThat(tested).startsWith("failed: ").contains("(attempt 2)").endsWith(", no retry left");
        assertThat(sink.status().failed()).isEqualTo(2);
        assertThat(received).isEmpty();
    }

    @Test
    void httpsIsVerified_aSelfSignedServerIsRefused_unlessItsCertificateIsTheCaFile() throws Exception {
        SelfSigned key = SelfSigned.in(dir);
        HttpsServer https = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        https.setHttpsConfigurator(new HttpsConfigurator(key.serverContext()));
        https.createContext("/hook", this::handle);
        https.start();
        server = https;
        String url = "https://127.0.0.1:" + https.getAddress().getPort() + "/hook";
        Path pem = key.pem(dir.resolve("server.pem"));

        webhook(Map.of("name", "strict", "url", url, "retries", "0"));
        String refused = sink.test().get(30, TimeUnit.SECONDS);
        sink.stop();
        webhook(Map.of("name", "pinned", "url", url, "retries", "0", "caFile", pem.toString()));
        String accepted = sink.test().get(30, TimeUnit.SECONDS);

        assertThat(refused).startsWith("failed: ").containsIgnoringCase("certification path");
        assertThat(accepted).startsWith("HTTP 204");
        assertThat(received).hasSize(1);
    }
}
