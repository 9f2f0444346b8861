package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ProxySelector;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.rules.Verdict;
import org.vireo.scanner.ProxyStats;

/** The proxy forwarding real clients' requests (curl, Java's HttpClient, raw sockets) to a real origin. */
class ProxyForwardingTest {

    private static final long LARGE = 50L * 1024 * 1024;

    private TestOrigin origin;
    private ProxyFixture proxy;
    private HttpClient client;

    @BeforeEach
    void start() throws Exception {
        origin = new TestOrigin();
        proxy = new ProxyFixture(facts -> facts.url().contains("/echo/forbidden")
            ? new Verdict(false, "no-<forbidden>", "policy says <no> & never") : new Verdict(true, null, ""),
            Map.of());
        client = HttpClient.newBuilder().proxy(ProxySelector.of(new InetSocketAddress("127.0.0.1", proxy.port())))
            .connectTimeout(Duration.ofSeconds(10)).build();
    }

    @AfterEach
    void stop() throws Exception {
        proxy.close();
        origin.close();
    }

    @Test
    void curlGetsALargeFixedLengthBodyIntact(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("body");
        var result = proxy.curl("-o", file.toString(), origin.url("/bytes?n=" + LARGE));

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(Files.size(file)).isEqualTo(LARGE);
        assertThat(crc(file)).isEqualTo(TestOrigin.patternCrc(LARGE));
    }

    @Test
    void curlGetsAChunkedBodyIntact(@TempDir Path dir) throws Exception {
        long n = 5L * 1024 * 1024 + 17;
        Path file = dir.resolve("body");
        var result = proxy.curl("-D", dir.resolve("head").toString(), "-o", file.toString(),
            origin.url("/bytes?chunked&n=" + n));

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(Files.readString(dir.resolve("head")).toLowerCase()).contains("transfer-encoding: chunked")
            .contains("via: 1.1 test-node");
        assertThat(Files.size(file)).isEqualTo(n);
        assertThat(crc(file)).isEqualTo(TestOrigin.patternCrc(n));
    }

    @Test
    void curlPostsALargeFixedLengthBodyThatArrivesIntact(@TempDir Path dir) throws Exception {
        long n = 20L * 1024 * 1024 + 3;
        Path file = dir.resolve("upload");
        writePattern(file, n);

        var result = proxy.curl("--data-binary", "@" + file, "-H", "Content-Type: application/octet-stream",
            origin.url("/echo/upload"));

        assertThat(result.exit()).as(result.err()).isZero();
        Map<String, String> echo = TestOrigin.parseEcho(result.out());
        assertThat(echo).containsEntry("method", "POST").containsEntry("length", Long.toString(n))
            .containsEntry("crc", Long.toString(TestOrigin.patternCrc(n)));
    }

    @Test
    void httpClientPostsAChunkedBodyThatArrivesIntact() throws Exception {
        long n = 8L * 1024 * 1024 + 5;
        HttpRequest request = HttpRequest.newBuilder(URI.create(origin.url("/echo/chunked")))
            .POST(HttpRequest.BodyPublishers.ofInputStream(() -> new PatternStream(n))) // unknown length: chunked
            .timeout(Duration.ofSeconds(60)).build();

        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());

        assertThat(response.statusCode()).isEqualTo(200);
        Map<String, String> echo = TestOrigin.parseEcho(response.body());
        assertThat(echo).containsEntry("length", Long.toString(n))
            .containsEntry("crc", Long.toString(TestOrigin.patternCrc(n)))
            .containsEntry("header.via", "1.1 test-node");
    }

    @Test
    void keepAliveReusesOneOriginConnectionForSequentialRequests() throws Exception {
        for (int i = 0; i < 5; i++) {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(origin.url("/echo/" + i)))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(TestOrigin.parseEcho(response.body())).containsEntry("path", "/echo/" + i);
        }

        assertThat(origin.connections()).isEqualTo(1);
    }

    @Test
    void theOriginConnectionsOfABurstAreAllReusedByTheNextBurst() throws Exception {
        int clients = 24; // three times the first default limit of idle connections, which closed the rest
        try (ProxyFixture oneLoop = new ProxyFixture(ProxyFixture.ALLOW_ALL, Map.of("workerThreads", 1))) {
            Socket[] sockets = new Socket[clients];
            try {
                for (int i = 0; i < clients; i++) {
                    sockets[i] = new Socket("127.0.0.1", oneLoop.port());
                    sockets[i].setSoTimeout(10_000);
                }
                for (int burst = 1; burst <= 2; burst++) { // every request of a burst in flight at once
                    for (int i = 0; i < clients; i++) {
                        send(sockets[i], origin.url("/hold/" + burst + "/" + i));
                    }
                    assertThat(origin.held.awaitAtLeast((long) burst * clients, Duration.ofSeconds(10))).isTrue();
                    origin.releaseHold();
                    for (int i = 0; i < clients; i++) {
                        assertThat(readOneResponse(sockets[i].getInputStream())).startsWith("HTTP/1.1 200")
                            .contains("path=/hold/" + burst + "/" + i);
                    }
                }
            } finally {
                for (Socket s : sockets) {
                    if (s != null) {
                        s.close();
                    }
                }
            }
        }
        assertThat(origin.connections()).isEqualTo(clients);
    }

    private static void send(Socket socket, String url) throws IOException {
        socket.getOutputStream().write(("GET " + url + " HTTP/1.1\r\nHost: x\r\n\r\n")
            .getBytes(StandardCharsets.US_ASCII));
        socket.getOutputStream().flush();
    }

    @Test
    void oneClientConnectionCarriesSeveralRequests() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", proxy.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            for (int i = 0; i < 3; i++) {
                out.write(("GET " + origin.url("/echo/k" + i) + " HTTP/1.1\r\nHost: x\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                assertThat(readOneResponse(in)).startsWith("HTTP/1.1 200").contains("path=/echo/k" + i);
            }
        }
        assertThat(origin.connections()).isEqualTo(1);
    }

    @Test
    void aPipelinedHeadIsCheckedWhileThePreviousRequestAwaitsItsAnswer() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", proxy.port())) {
            socket.setSoTimeout(10_000);
            send(socket, origin.url("/hold/first"));
            assertThat(origin.held.awaitAtLeast(1, Duration.ofSeconds(10))).isTrue(); // the first is complete
            socket.getOutputStream().write(("GET " + origin.url("/echo/folded") + " HTTP/1.1\r\nHost: x\r\n"
                + "X-A: a\r\n b\r\n\r\n").getBytes(StandardCharsets.US_ASCII)); // obs-fold: refused
            origin.releaseHold();

            String answers = ProxyFixture.readToClose(socket.getInputStream()); // the proxy closes the connection
            assertThat(answers).doesNotContain("path=/echo/folded");
        }
    }

    @Test
    void pipelinedRequestsAreAnsweredInOrder() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", proxy.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET " + origin.url("/echo/p1") + " HTTP/1.1\r\nHost: x\r\n\r\n"
                + "GET " + origin.url("/echo/p2") + " HTTP/1.1\r\nHost: x\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();

            assertThat(readOneResponse(in)).contains("path=/echo/p1");
            assertThat(readOneResponse(in)).contains("path=/echo/p2");
        }
    }

    @Test
    void blockedPostBodyIsDroppedAndTheConnectionServesTheNextRequest() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", proxy.port())) {
            socket.setSoTimeout(10_000);
            String body = "x".repeat(100_000);
            socket.getOutputStream().write(("POST " + origin.url("/echo/forbidden") + " HTTP/1.1\r\nHost: x\r\n"
                + "Content-Length: " + body.length() + "\r\n\r\n" + body
                + "GET " + origin.url("/echo/after") + " HTTP/1.1\r\nHost: x\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();

            assertThat(readOneResponse(in)).startsWith("HTTP/1.1 403");
            assertThat(readOneResponse(in)).startsWith("HTTP/1.1 200").contains("path=/echo/after");
        }
    }

    @Test
    void headAnswerHasNoBodyAndTheConnectionGoesOn() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", proxy.port())) {
            socket.setSoTimeout(10_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            out.write(("HEAD " + origin.url("/bytes?chunked&n=5000") + " HTTP/1.1\r\nHost: x\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
            assertThat(readHead(in)).startsWith("HTTP/1.1 200");

            out.write(("GET " + origin.url("/echo/next") + " HTTP/1.1\r\nHost: x\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
            assertThat(readOneResponse(in)).startsWith("HTTP/1.1 200").contains("path=/echo/next");
        }
    }

    @Test
    void xForwardedForNamesTheClientWhenEnabled() throws Exception {
        try (ProxyFixture xff = new ProxyFixture(ProxyFixture.ALLOW_ALL, Map.of("xForwardedFor", "true"))) {
            String answer = xff.raw("GET " + origin.url("/echo/xff") + " HTTP/1.1\r\nHost: x\r\n"
                + "X-Forwarded-For: 10.1.2.3\r\nConnection: close\r\n\r\n");

            assertThat(TestOrigin.parseEcho(body(answer))).containsEntry("header.x-forwarded-for",
                "10.1.2.3, 127.0.0.1");
        }
        String plain = proxy.raw("GET " + origin.url("/echo/noxff") + " HTTP/1.1\r\nHost: x\r\n"
            + "Connection: close\r\n\r\n");
        assertThat(TestOrigin.parseEcho(body(plain))).doesNotContainKey("header.x-forwarded-for");
    }

    @Test
    void aClientThatDoesNotReadHoldsBackTheOriginAndThenGetsEverything() throws Exception {
        long n = 128L * 1024 * 1024;
        try (Socket socket = new Socket("127.0.0.1", proxy.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET " + origin.url("/bytes?n=" + n) + " HTTP/1.1\r\nHost: x\r\n"
                + "Connection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();

            // with no backpressure the proxy would swallow the whole body into memory while the client reads nothing
            assertThat(origin.written.awaitAtLeast(n / 2, Duration.ofSeconds(2))).isFalse();

            readHead(in);
            CRC32 crc = new CRC32();
            long received = 0;
            byte[] buf = new byte[65_536];
            for (int r; (r = in.read(buf)) > 0; ) {
                crc.update(buf, 0, r);
                received += r;
            }
            assertThat(received).isEqualTo(n);
            assertThat(crc.getValue()).isEqualTo(TestOrigin.patternCrc(n));
        }
    }

    @Test
    void anOriginThatDoesNotReadHoldsBackTheClientAndThenGetsEverything() throws Exception {
        long n = 128L * 1024 * 1024;
        Progress sent = new Progress();
        try (Socket socket = new Socket("127.0.0.1", proxy.port())) {
            socket.setSoTimeout(20_000);
            CompletableFuture<Void> upload = CompletableFuture.runAsync(() -> {
                try (InputStream body = new PatternStream(n)) {
                    OutputStream out = socket.getOutputStream();
                    out.write(("POST " + origin.url("/hold") + " HTTP/1.1\r\nHost: x\r\nContent-Length: " + n
                        + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                    byte[] buf = new byte[65_536];
                    for (int r; (r = body.read(buf)) > 0; ) {
                        out.write(buf, 0, r);
                        sent.add(r);
                    }
                    out.flush();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });

            // with no backpressure the proxy would take the whole upload into memory while the origin reads nothing
            assertThat(sent.awaitAtLeast(n / 2, Duration.ofSeconds(2))).isFalse();

            origin.releaseHold();
            upload.get(60, TimeUnit.SECONDS);
            Map<String, String> echo = TestOrigin.parseEcho(body(readOneResponse(socket.getInputStream())));
            assertThat(echo).containsEntry("length", Long.toString(n))
                .containsEntry("crc", Long.toString(TestOrigin.patternCrc(n)));
        }
    }

    @Test
    void hopByHopHeadersStayOnTheirHop() throws Exception {
        String answer = proxy.raw("GET " + origin.url("/echo/hop") + " HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            + "Connection: close, X-Secret\r\nX-Secret: s3cr3t\r\nKeep-Alive: timeout=5\r\n"
            + "Proxy-Authorization: Basic Zm9vOmJhcg==\r\nProxy-Connection: keep-alive\r\nX-Kept: yes\r\n\r\n");

        Map<String, String> echo = TestOrigin.parseEcho(body(answer));
        assertThat(echo).containsEntry("header.x-kept", "yes").containsEntry("header.via", "1.1 test-node")
            .doesNotContainKeys("header.x-secret", "header.proxy-authorization", "header.keep-alive",
                "header.proxy-connection");
        assertThat(answer).startsWith("HTTP/1.1 200").containsIgnoringCase("connection: close");
    }

    @Test
    void http10ClientGetsABodyDelimitedByClose() throws Exception {
        String answer = proxy.raw("GET " + origin.url("/bytes?chunked&n=1000") + " HTTP/1.0\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 200").doesNotContainIgnoringCase("transfer-encoding");
        assertThat(body(answer)).hasSize(1000);
    }

    @Test
    void blockedRequestGetsTheEscapedBlockPage() throws Exception {
        var result = proxy.curl("-w", "\n%{http_code}", origin.url("/echo/forbidden?x=1"));

        assertThat(result.out()).endsWith("\n403").contains("no-&lt;forbidden&gt;")
            .contains("policy says &lt;no&gt; &amp; never").contains(origin.url("/echo/forbidden?x=1"))
            .contains("127.0.0.1");
        assertThat(origin.connections()).isZero();
    }

    @Test
    void countersSeeRequestsAndBytes() throws Exception {
        long before = System.nanoTime();
        client.send(HttpRequest.newBuilder(URI.create(origin.url("/bytes?n=1234"))).build(),
            HttpResponse.BodyHandlers.discarding());
        double elapsedSeconds = (System.nanoTime() - before) / 1e9;

        ProxyCounters counters = proxy.server.counters();
        assertThat(counters.requests()).isEqualTo(1);
        assertThat(counters.bytesDown()).isEqualTo(1234);
        assertThat(counters.byStatusClass(2)).isEqualTo(1);
        ProxyStats stats = counters.stats(true);
        assertThat(stats.responsesByClass()).containsEntry("2xx", 1L).containsEntry("4xx", 0L);
        assertThat(stats.bytesToClients()).isEqualTo(1234);
        // timed by the proxy inside the client's wait for it
        assertThat(stats.requestDurations().count()).isEqualTo(1);
        assertThat(stats.requestDurations().sumSeconds()).isPositive().isLessThanOrEqualTo(elapsedSeconds);
    }

    /** Reads a response head, up to and with its empty line. */
    static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                break;
            }
            head.append((char) b);
        }
        return head.toString();
    }

    /** Reads one response with a Content-Length body. */
    static String readOneResponse(InputStream in) throws IOException {
        String head = readHead(in);
        int length = 0;
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase().startsWith("content-length:")) {
                length = Integer.parseInt(line.substring(15).trim());
            }
        }
        return head + new String(in.readNBytes(length), StandardCharsets.ISO_8859_1);
    }

    static String body(String response) {
        int end = response.indexOf("\r\n\r\n");
        return end < 0 ? "" : response.substring(end + 4);
    }

    private static long crc(Path file) throws IOException {
        CRC32 crc = new CRC32();
        try (InputStream in = Files.newInputStream(file)) {
            byte[] buf = new byte[65_536];
            for (int n; (n = in.read(buf)) > 0; ) {
                crc.update(buf, 0, n);
            }
        }
        return crc.getValue();
    }

    private static void writePattern(Path file, long n) throws IOException {
        try (InputStream in = new PatternStream(n)) {
            Files.copy(in, file);
        }
    }

    /** The origin's byte pattern as a stream, generated as it is read. */
    static final class PatternStream extends InputStream {
        private final long size;
        private long position;

        PatternStream(long size) {
            this.size = size;
        }

        @Override
        public int read() {
            return position < size ? TestOrigin.patternByte(position++) & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (position >= size) {
                return -1;
            }
            int n = (int) Math.min(len, size - position);
            for (int i = 0; i < n; i++) {
                b[off + i] = TestOrigin.patternByte(position++);
            }
            return n;
        }
    }
}
