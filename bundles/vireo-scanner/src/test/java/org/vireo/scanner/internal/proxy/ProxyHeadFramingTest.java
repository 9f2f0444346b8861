package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 19, defect 3 and the rest of its kind: request heads a strict HTTP/1.1 recipient refuses (RFC 9112, RFC
 * 9110) are answered with their status, the connection closed, counted and logged under their reason, and nothing
 * of them reaches the origin; a request pipelined behind a body is checked as the first one is.
 */
class ProxyHeadFramingTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String T = "{target}";
    private static final String H = "{host}";

    private RecordingOrigin origin;
    private ProxyFixture proxy;

    @BeforeEach
    void start() throws Exception {
        origin = new RecordingOrigin();
        proxy = new ProxyFixture(ProxyFixture.ALLOW_ALL, Map.of("maxHeaderCount", 20, "maxHeaderBytes", 4096,
            "maxInitialLineBytes", 1024));
    }

    @AfterEach
    void stop() throws Exception {
        proxy.close();
        origin.close();
    }

    /** name, raw request ({target}: the origin's URL, {host}: its authority), status, refusal code. */
    static Stream<Arguments> refusedHeads() {
        String get = "GET " + T + " HTTP/1.1\r\nHost: " + H + "\r\n";
        String post = "POST " + T + " HTTP/1.1\r\nHost: " + H + "\r\n";
        return Stream.of(
            // Content-Length (RFC 9110 section 8.6, RFC 9112 section 6.3): one decimal number, once
            Arguments.of("HTTP/1.0 with two differing Content-Length", "POST " + T + " HTTP/1.0\r\n"
                + "Content-Length: 5\r\nContent-Length: 6\r\n\r\nhello!", 400, "content-length"),
            Arguments.of("HTTP/1.0 with two equal Content-Length", "POST " + T + " HTTP/1.0\r\n"
                + "Content-Length: 5\r\nContent-Length: 5\r\n\r\nhello", 400, "content-length"),
            Arguments.of("two equal Content-Length", post + "Content-Length: 5\r\nContent-Length: 5\r\n\r\nhello",
                400, "content-length"),
            Arguments.of("a Content-Length list", post + "Content-Length: 5, 6\r\n\r\nhello!", 400, "content-length"),
            Arguments.of("a Content-Length list of equal values", post + "Content-Length: 5, 5\r\n\r\nhello", 400,
                "content-length"),
            Arguments.of("a Content-Length with a plus sign", post + "Content-Length: +5\r\n\r\nhello", 400,
                "content-length"),
            Arguments.of("a negative Content-Length", post + "Content-Length: -1\r\n\r\n", 400, "content-length"),
            Arguments.of("a hex Content-Length", post + "Content-Length: 0x5\r\n\r\nhello", 400, "content-length"),
            Arguments.of("a Content-Length of two words", post + "Content-Length: 5 5\r\n\r\nhello", 400,
                "content-length"),
            Arguments.of("an empty Content-Length", post + "Content-Length:\r\n\r\n", 400, "content-length"),
            Arguments.of("a Content-Length of 19 digits", post + "Content-Length: 1000000000000000000\r\n\r\n", 400,
                "content-length"),
            // Transfer-Encoding (RFC 9112 sections 6.1 and 6.3)
            Arguments.of("Transfer-Encoding with Content-Length", post + "Content-Length: 5\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, "te-and-cl"),
            Arguments.of("Transfer-Encoding not ending in chunked", post + "Transfer-Encoding: chunked, gzip\r\n\r\n"
                + "0\r\n\r\n", 400, "transfer-encoding"),
            Arguments.of("Transfer-Encoding gzip, chunked", post + "Transfer-Encoding: gzip, chunked\r\n\r\n"
                + "0\r\n\r\n", 400, "transfer-encoding"),
            Arguments.of("two Transfer-Encoding lines", post + "Transfer-Encoding: chunked\r\n"
                + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, "transfer-encoding"),
            Arguments.of("Transfer-Encoding on HTTP/1.0", "POST " + T + " HTTP/1.0\r\nTransfer-Encoding: chunked\r\n"
                + "\r\n0\r\n\r\n", 400, "transfer-encoding"),
            // the request line (RFC 9112 section 3)
            Arguments.of("HTTP/2.0 on an HTTP/1 connection", "GET " + T + " HTTP/2.0\r\nHost: " + H + "\r\n\r\n",
                505, "version"),
            Arguments.of("HTTP/0.9", "GET " + T + " HTTP/0.9\r\nHost: " + H + "\r\n\r\n", 505, "version"),
            Arguments.of("a lower-case version", "GET " + T + " http/1.1\r\nHost: " + H + "\r\n\r\n", 400,
                "request-line"),
            Arguments.of("two spaces after the method", "GET  " + T + " HTTP/1.1\r\nHost: " + H + "\r\n\r\n", 400,
                "request-line"),
            Arguments.of("two spaces before the version", "GET " + T + "  HTTP/1.1\r\nHost: " + H + "\r\n\r\n", 400,
                "request-line"),
            Arguments.of("a tab for a space", "GET\t" + T + " HTTP/1.1\r\nHost: " + H + "\r\n\r\n", 400,
                "request-line"),
            Arguments.of("a space after the version", "GET " + T + " HTTP/1.1 \r\nHost: " + H + "\r\n\r\n", 400,
                "request-line"),
            Arguments.of("no version", "GET " + T + "\r\nHost: " + H + "\r\n\r\n", 400, "request-line"),
            Arguments.of("a two-digit version", "GET " + T + " HTTP/1.10\r\nHost: " + H + "\r\n\r\n", 400,
                "request-line"),
            Arguments.of("a bare LF after the request line", "GET " + T + " HTTP/1.1\nHost: " + H + "\r\n\r\n", 400,
                "line-ending"),
            // field lines (RFC 9110 section 5, RFC 9112 section 5)
            Arguments.of("whitespace before the colon", get + "X-A : 1\r\n\r\n", 400, "header-syntax"),
            Arguments.of("a tab before the colon", get + "X-A\t: 1\r\n\r\n", 400, "header-syntax"),
            Arguments.of("Content-Length with whitespace before the colon", post + "Content-Length : 5\r\n\r\nhello",
                400, "header-syntax"),
            Arguments.of("a header line without a colon", get + "X-A\r\n\r\n", 400, "header-syntax"),
            Arguments.of("an empty field name", get + ": 1\r\n\r\n", 400, "header-syntax"),
            Arguments.of("a NUL in a value", get + "X-A: a\u0000b\r\n\r\n", 400, "header-value"),
            Arguments.of("a control character in a value", get + "X-A: a\u001bb\r\n\r\n", 400, "header-value"),
            Arguments.of("DEL in a value", get + "X-A: a\u007fb\r\n\r\n", 400, "header-value"),
            Arguments.of("a bare CR in a value", get + "X-A: a\rb\r\n\r\n", 400, "line-ending"),
            Arguments.of("a bare LF ending a header line", get + "X-A: a\n\r\n", 400, "line-ending"),
            Arguments.of("obs-fold", get + "X-A: a\r\n b\r\n\r\n", 400, "obs-fold"),
            // Host (RFC 9112 section 3.2)
            Arguments.of("HTTP/1.1 without Host", "GET " + T + " HTTP/1.1\r\n\r\n", 400, "host"),
            Arguments.of("two Host lines", get + "Host: " + H + "\r\n\r\n", 400, "host"),
            Arguments.of("an invalid Host", "GET " + T + " HTTP/1.1\r\nHost: a@b\r\n\r\n", 400, "host"),
            Arguments.of("a Host of two words", "GET " + T + " HTTP/1.1\r\nHost: a b\r\n\r\n", 400, "host"),
            // the target (RFC 9112 section 3.2, RFC 9110 section 4.2.4)
            Arguments.of("a fragment in the target", "GET " + T + "#f HTTP/1.1\r\nHost: " + H + "\r\n\r\n", 400,
                "target"),
            Arguments.of("userinfo in the target", "GET http://user:pw@" + H + "/ HTTP/1.1\r\nHost: " + H
                + "\r\n\r\n", 400, "target"),
            // found by RequestPathFuzzTest: the socket address threw, and the exchange hung
            Arguments.of("a port above 65535", "GET http://127.0.0.1:80810/ HTTP/1.1\r\nHost: " + H + "\r\n\r\n",
                400, "target"),
            Arguments.of("a CONNECT port above 65535", "CONNECT 127.0.0.1:80443 HTTP/1.1\r\nHost: " + H
                + "\r\n\r\n", 400, "connect-target"),
            Arguments.of("the asterisk form", "OPTIONS * HTTP/1.1\r\nHost: " + H + "\r\n\r\n", 400, "target"),
            Arguments.of("a CONNECT with a body", "CONNECT " + H + " HTTP/1.1\r\nHost: " + H + "\r\n"
                + "Content-Length: 5\r\n\r\nhello", 400, "connect-body"),
            Arguments.of("a CONNECT to a URL", "CONNECT " + T + " HTTP/1.1\r\nHost: " + H + "\r\n\r\n", 400,
                "connect-target"),
            // Expect (RFC 9110 section 10.1.1)
            Arguments.of("an unknown expectation", get + "Expect: the-unexpected\r\n\r\n", 417, "expect"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedHeads")
    void aRefusedHeadIsAnsweredClosedCountedLoggedAndNeverForwarded(String name, String request, int status,
                                                                    String code) throws Exception {
        String answer = proxy.raw(request.replace(T, origin.url("/x")).replace(H, origin.authority()));

        assertThat(answer).startsWith("HTTP/1.1 " + status).containsIgnoringCase("connection: close");
        assertThat(origin.connections()).isEmpty();
        assertThat(proxy.nextAccessLine()).contains("\"status\":" + status + ",")
            .contains("\"refusal\":\"" + code + "\"");
        RequestRefusal why = Arrays.stream(RequestRefusal.values()).filter(r -> r.code().equals(code)).findFirst()
            .orElseThrow();
        assertThat(proxy.server.counters().refusals(why)).isEqualTo(1);
    }

    @Test
    void aClientThatLeavesWithinAHeadIsNoRefusal() throws Exception {
        // one I/O thread: the first connection's end is read before the second connection is served
        try (ProxyFixture oneLoop = new ProxyFixture(ProxyFixture.ALLOW_ALL, Map.of("workerThreads", 1))) {
            try (Socket client = new Socket("127.0.0.1", oneLoop.port())) {
                client.getOutputStream().write(("GET " + origin.url("/x") + " HTTP/1.1\r\nHost:")
                    .getBytes(StandardCharsets.US_ASCII));
            } // found by RequestPathFuzzTest: Netty's decoder made a failed request of it at the close

            String next = oneLoop.raw("GET " + origin.url("/x") + " HTTP/1.1\r\nHost: " + origin.authority()
                + "\r\nConnection: close\r\n\r\n");

            assertThat(next).startsWith("HTTP/1.1 200");
            assertThat(oneLoop.nextAccessLine()).contains("\"status\":200"); // the cut head left no line
            assertThat(Arrays.stream(RequestRefusal.values()).mapToLong(oneLoop.server.counters()::refusals).sum())
                .isZero();
        }
    }

    @Test
    void aHigherMinorVersionIsTakenAsHttp11() throws Exception {
        String answer = proxy.raw("GET " + origin.url("/v") + " HTTP/1.2\r\nHost: " + origin.authority()
            + "\r\nConnection: close\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 200");
        assertThat(origin.awaitConnection(0, WAIT).received()).startsWith("GET /v HTTP/1.1\r\n");
    }

    @Test
    void aHigherMinorVersionMayBeChunked() throws Exception { // found by RequestPathFuzzTest: Netty refused it
        String answer = proxy.raw("POST " + origin.url("/v") + " HTTP/1.8\r\nHost: " + origin.authority()
            + "\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n5\r\nhello\r\n0\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 200");
        assertThat(origin.awaitConnection(0, WAIT).completeRequests()).isEqualTo(1);
    }

    @Test
    void http10WithoutHostIsServed() throws Exception {
        String answer = proxy.raw("GET " + origin.url("/v") + " HTTP/1.0\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 200");
    }

    @Test
    void aRequestPipelinedBehindABodyIsCheckedAsTheFirst() throws Exception {
        String request = "POST " + origin.url("/first") + " HTTP/1.1\r\nHost: " + origin.authority()
            + "\r\nContent-Length: 5\r\n\r\nhello"
            + "GET " + origin.url("/second") + " HTTP/1.1\r\nHost: " + origin.authority()
            + "\r\nX-A: a\r\n b\r\n\r\n"; // one write: the second head comes in the same segment as the body

        String answers = proxy.raw(request);

        assertThat(answers).startsWith("HTTP/1.1 200").contains("\r\n\r\nokHTTP/1.1 400")
            .containsIgnoringCase("connection: close");
        RecordingOrigin.Connection upstream = origin.awaitConnection(0, WAIT);
        assertThat(upstream.completeRequests()).isEqualTo(1);
        assertThat(upstream.received()).startsWith("POST /first HTTP/1.1\r\n").doesNotContain("/second");
        assertThat(proxy.nextAccessLine()).contains("\"status\":200");
        assertThat(proxy.nextAccessLine()).contains("\"status\":400").contains("\"refusal\":\"obs-fold\"");
    }

    @Test
    void aRequestPipelinedBehindAChunkedBodyIsCheckedAsTheFirst() throws Exception {
        String request = "POST " + origin.url("/first") + " HTTP/1.1\r\nHost: " + origin.authority()
            + "\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"
            + "POST " + origin.url("/second") + " HTTP/1.1\r\nHost: " + origin.authority()
            + "\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab";

        String answers = proxy.raw(request);

        assertThat(answers).startsWith("HTTP/1.1 200").contains("\r\n\r\nokHTTP/1.1 400");
        assertThat(origin.awaitConnection(0, WAIT).received()).doesNotContain("/second");
        proxy.nextAccessLine();
        assertThat(proxy.nextAccessLine()).contains("\"refusal\":\"content-length\"");
    }

    @Test
    void expectContinueGetsTheOriginsInterimAnswerAndTheBodyGoesOn() throws Exception {
        try (RecordingOrigin continuing = new RecordingOrigin("HTTP/1.1 100 Continue\r\n\r\n"
            + RecordingOrigin.ANSWER); Socket client = new Socket("127.0.0.1", proxy.port())) {
            client.setSoTimeout(10_000);
            client.getOutputStream().write(("POST " + continuing.url("/e") + " HTTP/1.1\r\nHost: "
                + continuing.authority() + "\r\nExpect: 100-continue\r\nContent-Length: 0\r\n"
                + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            InputStream in = client.getInputStream();

            String answers = ProxyFixture.readToClose(in);

            assertThat(answers).startsWith("HTTP/1.1 100 Continue\r\n").contains("HTTP/1.1 200");
            assertThat(continuing.awaitConnection(0, WAIT).received()).containsIgnoringCase("expect: 100-continue");
        }
    }
}
