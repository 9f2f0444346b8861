package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 19, defect 2: a trailer section carries on only the fields a trailer may carry (see {@link Trailers}), in
 * both directions; a folded trailer line is refused as one in the head is.
 */
class ProxyTrailersTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    /** Every kind a trailer must not carry: routing, credentials, framing, content metadata, hop-by-hop. */
    private static final String FORBIDDEN = "Host: evil.example\r\nProxy-Authorization: Basic Zm9vOmJhcg==\r\n"
        + "Authorization: Bearer t\r\nCookie: s=1\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n"
        + "Trailer: X-A\r\nContent-Type: text/html\r\nContent-Encoding: gzip\r\nConnection: close\r\n"
        + "Keep-Alive: timeout=5\r\nX-Custom: 1\r\n";

    private RecordingOrigin origin;
    private ProxyFixture proxy;

    @AfterEach
    void stop() throws Exception {
        proxy.close();
        origin.close();
    }

    private void start(String answer) throws Exception {
        origin = new RecordingOrigin(answer);
        proxy = new ProxyFixture(ProxyFixture.ALLOW_ALL, Map.of());
    }

    private String post(String extraHeaders, String body) throws Exception {
        return proxy.raw("POST " + origin.url("/up") + " HTTP/1.1\r\nHost: " + origin.authority() + "\r\n"
            + extraHeaders + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n" + body);
    }

    @Test
    void aRequestTrailerCarriesOnOnlyTheDigestsAndServerTiming() throws Exception {
        start(RecordingOrigin.ANSWER);

        String answer = post("", "5\r\nhello\r\n0\r\n" + FORBIDDEN + "Content-Digest: sha-256=:YQ==:\r\n"
            + "Repr-Digest: sha-256=:Yg==:\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 200");
        RecordingOrigin.Connection upstream = origin.awaitConnection(0, WAIT);
        assertThat(upstream.completeRequests()).isEqualTo(1);
        assertThat(ProxyBodyFramingTest.bodyOf(upstream.received())).isEqualTo("5\r\nhello\r\n0\r\n"
            + "Content-Digest: sha-256=:YQ==:\r\nRepr-Digest: sha-256=:Yg==:\r\n\r\n");
        assertThat(proxy.server.counters().trailerFieldsDropped()).isEqualTo(9); // Netty's decoder drops the framing three
    }

    @Test
    void aTrailerFieldTheConnectionHeaderNamesStaysOnItsHop() throws Exception {
        start(RecordingOrigin.ANSWER);

        String answer = proxy.raw("POST " + origin.url("/up") + " HTTP/1.1\r\nHost: " + origin.authority()
            + "\r\nTransfer-Encoding: chunked\r\nConnection: close, Content-Digest\r\n\r\n"
            + "5\r\nhello\r\n0\r\nContent-Digest: sha-256=:YQ==:\r\nDigest: sha-256=YQ==\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 200");
        assertThat(ProxyBodyFramingTest.bodyOf(origin.awaitConnection(0, WAIT).received()))
            .isEqualTo("5\r\nhello\r\n0\r\nDigest: sha-256=YQ==\r\n\r\n");
    }

    @Test
    void aFoldedTrailerLineIsRefusedAndTheRequestToTheOriginAborted() throws Exception {
        start(RecordingOrigin.ANSWER);

        String answer = post("", "5\r\nhello\r\n0\r\nContent-Digest: sha-256=:YQ==:\r\n Host: evil.example\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 400").containsIgnoringCase("connection: close");
        for (RecordingOrigin.Connection c : origin.connections()) {
            assertThat(c.awaitClosed(WAIT)).isTrue();
            assertThat(c.completeRequests()).isZero();
            assertThat(c.received()).doesNotContain("evil");
        }
        assertThat(proxy.nextAccessLine()).contains("\"status\":400").contains("\"refusal\":\"obs-fold\"");
        assertThat(proxy.server.counters().refusals(RequestRefusal.OBS_FOLD)).isEqualTo(1);
    }

    @Test
    void aResponseTrailerCarriesOnOnlyTheDigestsAndServerTiming() throws Exception {
        start("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\nSet-Cookie: s=1\r\n"
            + "Content-Length: 9\r\nLocation: http://evil.example/\r\nServer-Timing: db;dur=5\r\n\r\n");

        String answer = proxy.raw("GET " + origin.url("/t") + " HTTP/1.1\r\nHost: " + origin.authority()
            + "\r\nTE: trailers\r\nConnection: close\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 200")
            .endsWith("\r\n\r\n2\r\nok\r\n0\r\nServer-Timing: db;dur=5\r\n\r\n");
        assertThat(proxy.server.counters().trailerFieldsDropped()).isEqualTo(2); // Netty's decoder drops Content-Length
    }
}
