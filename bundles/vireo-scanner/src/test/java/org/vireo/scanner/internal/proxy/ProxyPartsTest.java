package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;

import org.junit.jupiter.api.Test;

/** The proxy's pure parts: header stripping, response framing, targets, the access log line, counters, the resolver's cache. */
class ProxyPartsTest {

    @Test
    void hopByHopStripRemovesFixedAndConnectionNamedHeaders() {
        HttpHeaders h = new DefaultHttpHeaders().add("Connection", "keep-alive, X-A").add("Connection", "x-b")
            .add("X-A", "1").add("X-B", "2").add("TE", "trailers").add("Upgrade", "h2c").add("X-C", "3");

        HopByHop.strip(h);

        assertThat(h.names()).containsExactly("X-C");
    }

    @Test
    void answerWithoutLengthIsChunkedForHttp11AndCloseDelimitedForHttp10() {
        HttpResponse forHttp11 = originAnswer(HttpResponseStatus.OK);
        HttpResponse forHttp10 = originAnswer(HttpResponseStatus.OK);

        assertThat(ResponseFraming.prepare(forHttp11, false, false, true, "n1")).isTrue();
        assertThat(ResponseFraming.prepare(forHttp10, false, true, true, "n1")).isFalse();

        assertThat(forHttp11.headers().get("Transfer-Encoding")).isEqualTo("chunked");
        assertThat(forHttp11.headers().get("Via")).isEqualTo("1.0 n1");
        assertThat(forHttp11.headers().contains("X-Hop")).isFalse();
        assertThat(forHttp11.protocolVersion()).isEqualTo(HttpVersion.HTTP_1_1);
        assertThat(forHttp10.headers().contains("Transfer-Encoding")).isFalse();
        assertThat(forHttp10.headers().get("Connection")).isEqualTo("close");
    }

    @Test
    void bodylessAnswersGetNoChunkedFraming() {
        HttpResponse head = originAnswer(HttpResponseStatus.OK);
        HttpResponse notModified = originAnswer(HttpResponseStatus.NOT_MODIFIED);

        assertThat(ResponseFraming.prepare(head, true, false, true, "n1")).isTrue();
        assertThat(ResponseFraming.prepare(notModified, false, true, true, "n1")).isTrue();

        assertThat(head.headers().contains("Transfer-Encoding")).isFalse();
        assertThat(notModified.headers().get("Connection")).isEqualTo("keep-alive");
    }

    private static HttpResponse originAnswer(HttpResponseStatus status) {
        HttpResponse r = new DefaultHttpResponse(HttpVersion.HTTP_1_0, status);
        r.headers().set("Connection", "X-Hop").set("X-Hop", "1").set("Transfer-Encoding", "chunked");
        return r;
    }

    @Test
    void targetsComeFromAbsoluteUrisAndConnectAuthorities() {
        assertThat(Target.absolute("http://Example.COM./a?b=1")).isEqualTo(
            new Target("example.com", 80, "/a?b=1", "http://example.com/a?b=1"));
        assertThat(Target.absolute("http://[::1]:8080")).isEqualTo(
            new Target("::1", 8080, "/", "http://[::1]:8080/"));
        assertThat(Target.absolute("/origin-form")).isNull();
        assertThat(Target.absolute("ftp://example.com/")).isNull();
        assertThat(Target.authority("example.com:443")).isEqualTo(
            new Target("example.com", 443, "", "example.com:443"));
        assertThat(Target.authority("example.com")).isNull();
    }

    @Test
    void accessLogLineIsJsonWithEveryField() {
        Exchange e = new Exchange(Instant.parse("2026-01-02T03:04:05.0478Z"), 0, "10.0.0.9", "GET\n");
        e.target = "http://a/\"q\"";
        e.status = 403;
        e.bytesUp = 1;
        e.bytesDown = 2;
        e.rule = "r1";
        e.refusal = RequestRefusal.CHUNK_SIZE;

        assertThat(AccessLog.line(e, 7, "node-1")).isEqualTo("{\"time\":\"2026-01-02T03:04:05.047Z\","
            + "\"client\":\"10.0.0.9\",\"method\":\"GET\\u000a\",\"target\":\"http://a/\\\"q\\\"\",\"status\":403,"
            + "\"bytesUp\":1,\"bytesDown\":2,\"durationMs\":7,\"rule\":\"r1\",\"refusal\":\"chunk-size\","
            + "\"node\":\"node-1\"}");
    }

    @Test
    void requestsLastSecondCountsTheLastCompleteSecond() {
        AtomicLong millis = new AtomicLong(10_000);
        ProxyCounters c = new ProxyCounters(millis::get);
        c.started(false);
        c.started(true);
        millis.set(11_500);
        c.started(false);

        assertThat(c.requestsLastSecond()).isEqualTo(2);
        millis.set(12_000);
        assertThat(c.requestsLastSecond()).isEqualTo(1);
        millis.set(20_000);
        assertThat(c.requestsLastSecond()).isZero();
        assertThat(c.requests()).isEqualTo(2);
        assertThat(c.tunnels()).isEqualTo(1);
    }

    @Test
    void resolverAnswersRepeatedNamesFromItsCache() throws Exception {
        AtomicLong nanos = new AtomicLong();
        Resolver resolver = new Resolver(ProxyOptions.parse(Map.of("dnsPositiveTtlMillis", 1000,
            "dnsNegativeTtlMillis", 1000, "dnsTimeoutMillis", 3000)), nanos::get);
        try {
            List<InetAddress> first = resolver.resolve("localhost").get(5, TimeUnit.SECONDS);
            CompletableFuture<List<InetAddress>> cached = resolver.resolve("localhost");
            resolver.resolve("no-such-host.invalid").handle((a, e) -> e).get(5, TimeUnit.SECONDS);
            CompletableFuture<List<InetAddress>> cachedFailure = resolver.resolve("no-such-host.invalid");

            assertThat(cached).isCompletedWithValue(first);
            assertThat(first).containsExactly(InetAddress.getAllByName("localhost")); // every address, in order
            assertThat(cachedFailure).isCompletedExceptionally();
            assertThat(resolver.resolve("127.0.0.1"))
                .isCompletedWithValue(List.of(InetAddress.getByName("127.0.0.1")));
        } finally {
            resolver.close();
        }
    }
}
