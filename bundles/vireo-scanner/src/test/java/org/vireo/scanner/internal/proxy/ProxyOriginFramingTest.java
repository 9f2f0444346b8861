package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 19, the rest of defect 3's kind on the way back: an origin's answer whose framing two parsers could read
 * differently is not sent on; the client gets 502 and both connections are closed.
 */
class ProxyOriginFramingTest {

    private RecordingOrigin origin;
    private ProxyFixture proxy;

    @AfterEach
    void stop() throws Exception {
        proxy.close();
        origin.close();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n",
        "Transfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n2\r\nok\r\n0\r\n\r\n",
        "Content-Length: 2\r\nContent-Length: 3\r\n\r\nok!",
        "Content-Length: 2\r\nContent-Length: 2\r\n\r\nok",
        "Content-Length: 2, 2\r\n\r\nok",
        "Content-Length: +2\r\n\r\nok",
        "Transfer-Encoding: gzip, chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n",
        "Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n",
    })
    void anAnswerWithAmbiguousFramingIsNotSentOn(String framing) throws Exception {
        origin = new RecordingOrigin("HTTP/1.1 200 OK\r\n" + framing);
        proxy = new ProxyFixture(ProxyFixture.ALLOW_ALL, Map.of());

        String answer = proxy.raw("GET " + origin.url("/x") + " HTTP/1.1\r\nHost: " + origin.authority()
            + "\r\n\r\n"); // keep-alive asked: the proxy closes all the same

        assertThat(answer).startsWith("HTTP/1.1 502").containsIgnoringCase("connection: close")
            .doesNotContain("ok\r\n0");
        assertThat(origin.awaitConnection(0, Duration.ofSeconds(10)).awaitClosed(Duration.ofSeconds(10))).isTrue();
        assertThat(proxy.nextAccessLine()).contains("\"status\":502").contains("\"refusal\":\"origin-framing\"");
        assertThat(proxy.server.counters().refusals(RequestRefusal.ORIGIN_FRAMING)).isEqualTo(1);
    }
}
