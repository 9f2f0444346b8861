package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Every error status the proxy answers itself, and the smuggling patterns it refuses, over raw sockets. */
class ProxyErrorsTest {

    private TestOrigin origin;
    private ProxyFixture proxy;

    @BeforeEach
    void start() throws Exception {
        origin = new TestOrigin();
        proxy = new ProxyFixture(ProxyFixture.ALLOW_ALL, Map.of("originTimeoutMillis", 300, "connectTimeoutMillis", 300,
            "headerTimeoutMillis", 300, "dnsTimeoutMillis", 2000, "maxHeaderCount", 20, "maxHeaderBytes", 4096,
            "maxInitialLineBytes", 1024));
    }

    @AfterEach
    void stop() throws Exception {
        proxy.close();
        origin.close();
    }

    private String get(String url, String extraHeaders) throws IOException {
        return proxy.raw("GET " + url + " HTTP/1.1\r\nHost: x\r\n" + extraHeaders + "Connection: close\r\n\r\n");
    }

    @Test
    void originFormRequestIsMalformedForAProxy() throws Exception {
        assertThat(get("/echo/x", "")).startsWith("HTTP/1.1 400").contains("absolute http URI");
    }

    @Test
    void garbageRequestLineIsMalformed() throws Exception {
        assertThat(proxy.raw("\u0001\u0002 nonsense\r\n\r\n")).startsWith("HTTP/1.1 400");
    }

    @Test
    void tooLongRequestLineIsRefused() throws Exception {
        assertThat(get(origin.url("/echo/" + "a".repeat(2000)), "")).startsWith("HTTP/1.1 414");
        assertThat(origin.connections()).isZero();
    }

    @Test
    void oversizedHeadersAreRefused() throws Exception {
        assertThat(get(origin.url("/echo/x"), "X-Big: " + "b".repeat(5000) + "\r\n")).startsWith("HTTP/1.1 431");
    }

    @Test
    void tooManyHeadersAreRefused() throws Exception {
        StringBuilder headers = new StringBuilder();
        for (int i = 0; i < 25; i++) {
            headers.append("X-H").append(i).append(": v\r\n");
        }
        assertThat(get(origin.url("/echo/x"), headers.toString())).startsWith("HTTP/1.1 431");
        assertThat(origin.connections()).isZero();
    }

    @Test
    void slowRequestHeadTimesOut() throws Exception {
        try (Socket socket = new Socket("127.0.0.1", proxy.port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("GET " + origin.url("/echo/slow") + " HTTP/1.1\r\nHost: x\r\n")
                .getBytes(StandardCharsets.US_ASCII)); // and never the empty line
            assertThat(ProxyFixture.readToClose(socket.getInputStream())).startsWith("HTTP/1.1 408");
        }
    }

    @Test
    void refusedOriginConnectionIsABadGateway() throws Exception {
        int closedPort;
        try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closedPort = s.getLocalPort();
        }
        assertThat(get("http://127.0.0.1:" + closedPort + "/", "")).startsWith("HTTP/1.1 502")
            .contains("127.0.0.1");
    }

    @Test
    void unknownHostIsABadGatewayNamingTheHost() throws Exception {
        assertThat(get("http://no-such-host.invalid/", "")).startsWith("HTTP/1.1 502")
            .contains("no-such-host.invalid");
    }

    @Test
    void originThatDoesNotAcceptIsAGatewayTimeout() throws Exception {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        List<Socket> queued = new ArrayList<>();
        try (ServerSocket full = new ServerSocket(0, 1, loopback)) {
            // fill the accept queue: Linux then drops further SYNs, so a connect hangs until its timeout
            while (queued.size() < 16) {
                Socket s = new Socket();
                queued.add(s);
                try {
                    s.connect(new InetSocketAddress(loopback, full.getLocalPort()), 200);
                } catch (SocketTimeoutException e) {
                    break;
                }
            }

            assertThat(get("http://127.0.0.1:" + full.getLocalPort() + "/", "")).startsWith("HTTP/1.1 504")
                .contains("timed out");
        } finally {
            for (Socket s : queued) {
                s.close();
            }
        }
    }

    @Test
    void stallingOriginIsAGatewayTimeout() throws Exception {
        assertThat(get(origin.url("/stall"), "")).startsWith("HTTP/1.1 504");
    }

    @Test
    void proxyAuthenticationIsRequiredWhenConfigured() throws Exception {
        String hash = HexFormat.of().formatHex(ProxyAuth.sha256("s3cret"));
        try (ProxyFixture authProxy = new ProxyFixture(ProxyFixture.ALLOW_ALL, Map.of("authUsers", "alice:" + hash))) {
            String missing = authProxy.raw("GET " + origin.url("/echo/a") + " HTTP/1.1\r\nHost: x\r\n"
                + "Connection: close\r\n\r\n");
            String wrong = authProxy.raw("GET " + origin.url("/echo/a") + " HTTP/1.1\r\nHost: x\r\n"
                + "Proxy-Authorization: Basic " + basic("alice:wrong") + "\r\nConnection: close\r\n\r\n");
            String right = authProxy.raw("GET " + origin.url("/echo/a") + " HTTP/1.1\r\nHost: x\r\n"
                + "Proxy-Authorization: Basic " + basic("alice:s3cret") + "\r\nConnection: close\r\n\r\n");

            assertThat(missing).startsWith("HTTP/1.1 407").contains("proxy-authenticate: Basic realm=\"Vireo\"");
            assertThat(wrong).startsWith("HTTP/1.1 407");
            assertThat(right).startsWith("HTTP/1.1 200").doesNotContain("header.proxy-authorization");
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "Content-Length: 5\r\nTransfer-Encoding: chunked\r\n",
        "Content-Length: 5\r\nContent-Length: 6\r\n",
        "Transfer-Encoding: gzip\r\n",
        "Transfer-Encoding: gzip, chunked\r\n",
        "Transfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n",
        "X-Folded: a\r\n b\r\n",
        "X-Folded: a\r\n\tb\r\n",
        "Bad Name: x\r\n",
        "Bad\u0001Name: x\r\n",
    })
    void smugglingPatternIsRefusedAndTheConnectionClosed(String headers) throws Exception {
        String answer = proxy.raw("POST " + origin.url("/echo/s") + " HTTP/1.1\r\nHost: x\r\n" + headers
            + "\r\n0\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 400").containsIgnoringCase("connection: close");
        assertThat(origin.connections()).isZero();
    }

    private static String basic(String credentials) {
        return Base64.getEncoder().encodeToString(credentials.getBytes(StandardCharsets.UTF_8));
    }
}
