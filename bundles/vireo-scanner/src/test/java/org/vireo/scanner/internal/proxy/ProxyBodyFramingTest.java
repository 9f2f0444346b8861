package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
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
 * Issue 19, defect 1: a request body whose framing is broken never reaches the origin as a complete request. The
 * client gets 400 (or, once an answer has begun, only the close), the request to the origin is aborted (its
 * connection closed, never ended with a last chunk), the client connection is closed, and the access log and the
 * counters name the reason. Through the real proxy to a {@link RecordingOrigin} that shows every byte it received.
 */
class ProxyBodyFramingTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private RecordingOrigin origin;
    private ProxyFixture proxy;

    @BeforeEach
    void start() throws Exception {
        origin = new RecordingOrigin();
        proxy = new ProxyFixture(ProxyFixture.ALLOW_ALL, Map.of("originTimeoutMillis", 20_000));
    }

    @AfterEach
    void stop() throws Exception {
        proxy.close();
        origin.close();
    }

    private String chunkedHead() {
        return "POST " + origin.url("/up") + " HTTP/1.1\r\nHost: " + origin.authority()
            + "\r\nTransfer-Encoding: chunked\r\n\r\n";
    }

    /** name, body, the refusal's code, what of the body the origin may have received before the abort. */
    static Stream<Arguments> malformedChunkedBodies() {
        return Stream.of(
            Arguments.of("a chunk-size line that is not hex", "5\r\nhello\r\nzz\r\nworld\r\n0\r\n\r\n", "chunk-size",
                "5\r\nhello\r\n"),
            Arguments.of("a chunk size that overflows", "ffffffffffffffffff\r\nhello\r\n0\r\n\r\n", "chunk-size", ""),
            Arguments.of("a 20 KB chunk extension", "5;" + "e".repeat(20_000) + "\r\nhello\r\n0\r\n\r\n",
                "chunk-extension", ""),
            Arguments.of("chunk data longer than its size", "3\r\nhello\r\n0\r\n\r\n", "chunk-data", "3\r\nhel\r\n"),
            Arguments.of("a sign before the chunk size", "+5\r\nhello\r\n0\r\n\r\n", "chunk-size", ""),
            Arguments.of("whitespace before the chunk size", " 5\r\nhello\r\n0\r\n\r\n", "chunk-size", ""),
            Arguments.of("whitespace after the chunk size", "5 \r\nhello\r\n0\r\n\r\n", "chunk-size", ""),
            Arguments.of("a bare LF after the chunk size", "5\nhello\r\n0\r\n\r\n", "line-ending", ""),
            Arguments.of("a trailer line without a colon", "5\r\nhello\r\n0\r\nX\r\n\r\n", "trailer",
                "5\r\nhello\r\n"),
            Arguments.of("a control character in a chunk extension", "5;a=\u0001\r\nhello\r\n0\r\n\r\n",
                "chunk-extension", ""),
            // found by RequestPathFuzzTest: Netty's own chunk-line check throws on a byte above 0x7f
            Arguments.of("a non-ASCII byte in a chunk extension", "5;a=\u00e9\r\nhello\r\n0\r\n\r\n",
                "chunk-extension", ""),
            Arguments.of("a chunk extension without a name", "5;\r\nhello\r\n0\r\n\r\n", "chunk-extension", ""),
            Arguments.of("whitespace after a chunk extension", "5;a \r\nhello\r\n0\r\n\r\n", "chunk-extension",
                ""),
            // found by RequestPathFuzzTest: Netty refuses whitespace after a token value, which RFC 9112 allows as BWS
            Arguments.of("whitespace after a chunk extension's token value", "5;a=b\t;c\r\nhello\r\n0\r\n\r\n",
                "chunk-extension", ""));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedChunkedBodies")
    void aMalformedChunkedBodyAbortsTheRequestToTheOriginAndIsRefused(String name, String body, String reason,
                                                                       String forwardedPrefix) throws Exception {
        RecordingOrigin.Connection upstream;
        String answer;
        try (Socket client = connect()) {
            write(client, chunkedHead());
            upstream = origin.awaitConnection(0, WAIT);
            assertThat(upstream).isNotNull();
            assertThat(upstream.awaitReceived(r -> r.contains("\r\n\r\n"), WAIT)).isTrue(); // the head went on
            write(client, body);
            answer = ProxyFixture.readToClose(client.getInputStream()); // throws if the proxy keeps it open
        }

        assertThat(answer).startsWith("HTTP/1.1 400").containsIgnoringCase("connection: close");
        assertThat(upstream.awaitClosed(WAIT)).as("the proxy closed the request to the origin").isTrue();
        assertThat(upstream.completeRequests()).isZero();
        assertThat(bodyOf(upstream.received())).isEqualTo(forwardedPrefix);
        assertRefused(reason, 400);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformedChunkedBodies")
    void aMalformedChunkedBodySentWithItsHeadReachesNoOrigin(String name, String body, String reason,
                                                             String forwardedPrefix) throws Exception {
        String answer = proxy.raw(chunkedHead() + body);

        assertThat(answer).startsWith("HTTP/1.1 400").containsIgnoringCase("connection: close");
        assertNothingCompleteReachedTheOrigin();
        assertRefused(reason, 400);
    }

    @Test
    void wellFormedChunkExtensionsAreAcceptedAndNotForwarded() throws Exception {
        String answer = proxy.raw(chunkedHead().replace("\r\n\r\n", "\r\nConnection: close\r\n\r\n")
            + "5;a=b;c=\"d \\\" e\" ; f\r\nhello\r\n0;g\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 200");
        RecordingOrigin.Connection upstream = origin.awaitConnection(0, WAIT);
        assertThat(upstream.completeRequests()).isEqualTo(1);
        assertThat(bodyOf(upstream.received())).isEqualTo("5\r\nhello\r\n0\r\n\r\n");
    }

    @Test
    void aFixedLengthBodyCutShortAbortsTheRequestToTheOrigin() throws Exception {
        RecordingOrigin.Connection upstream;
        try (Socket client = connect()) {
            write(client, "POST " + origin.url("/up") + " HTTP/1.1\r\nHost: " + origin.authority()
                + "\r\nContent-Length: 10\r\n\r\nhello");
            upstream = origin.awaitConnection(0, WAIT);
            assertThat(upstream).isNotNull();
            assertThat(upstream.awaitReceived(r -> r.endsWith("hello"), WAIT)).isTrue();
        } // the client leaves with 5 of its 10 bytes sent

        assertThat(upstream.awaitClosed(WAIT)).isTrue();
        assertThat(upstream.completeRequests()).isZero();
        assertThat(bodyOf(upstream.received())).isEqualTo("hello");
        assertRefused("body-incomplete", 0);
    }

    @Test
    void garbageAfterAFixedLengthBodyIsRefusedAsTheNextRequestOnly() throws Exception {
        String answer = proxy.raw("POST " + origin.url("/up") + " HTTP/1.1\r\nHost: " + origin.authority()
            + "\r\nContent-Length: 5\r\n\r\nhelloXX\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 200").contains("\r\n\r\nokHTTP/1.1 400")
            .containsIgnoringCase("connection: close");
        RecordingOrigin.Connection upstream = origin.awaitConnection(0, WAIT);
        assertThat(upstream.completeRequests()).isEqualTo(1);
        assertThat(bodyOf(upstream.received())).isEqualTo("hello");
        assertThat(proxy.nextAccessLine()).contains("\"status\":200").contains("\"refusal\":null");
        assertThat(proxy.nextAccessLine()).contains("\"status\":400").contains("\"refusal\":\"request-line\"");
    }

    private void assertNothingCompleteReachedTheOrigin() throws InterruptedException {
        for (RecordingOrigin.Connection c : origin.connections()) {
            assertThat(c.awaitClosed(WAIT)).isTrue();
            assertThat(c.received()).isEmpty();
        }
    }

    private void assertRefused(String code, int status) throws InterruptedException {
        assertThat(proxy.nextAccessLine()).contains("\"status\":" + status + ",")
            .contains("\"refusal\":\"" + code + "\"");
        RequestRefusal why = Arrays.stream(RequestRefusal.values()).filter(r -> r.code().equals(code)).findFirst()
            .orElseThrow();
        assertThat(proxy.server.counters().refusals(why)).isEqualTo(1);
    }

    private Socket connect() throws IOException {
        Socket socket = new Socket("127.0.0.1", proxy.port());
        socket.setSoTimeout(10_000);
        return socket;
    }

    private static void write(Socket socket, String text) throws IOException {
        socket.getOutputStream().write(text.getBytes(StandardCharsets.ISO_8859_1));
        socket.getOutputStream().flush();
    }

    /** What followed the head. */
    static String bodyOf(String request) {
        int end = request.indexOf("\r\n\r\n");
        return end < 0 ? "" : request.substring(end + 4);
    }
}
