package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An origin that closes a kept-alive connection just as the proxy reuses it (its idle timeout striking at that
 * moment): a request that may be sent twice goes again on a fresh connection, one that may not gets a 502.
 */
class ProxyRetryTest {

    private static final Pattern LENGTH = Pattern.compile("(?im)^content-length:\\s*(\\d+)");

    private ServerSocket origin;
    private final AtomicInteger connections = new AtomicInteger();
    /** Request lines the origin read, in order, each with the connection's number and its request count. */
    private final List<String> received = new CopyOnWriteArrayList<>();
    private ProxyFixture proxy;
    /** Whether the origin closes, unanswered, at request n (from 1) of connection c (from 1). */
    private volatile BiPredicate<Integer, Integer> closesAt = (c, n) -> n > 1;

    @BeforeEach
    void start() throws Exception {
        origin = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "closing-origin");
        acceptor.setDaemon(true);
        acceptor.start();
        proxy = new ProxyFixture(ProxyFixture.ALLOW_ALL, Map.of("workerThreads", 1));
    }

    @AfterEach
    void stop() throws Exception {
        proxy.close();
        origin.close();
    }

    /** Answers requests (keep-alive) until {@link #closesAt} says to close a connection under one. */
    private void accept() {
        while (!origin.isClosed()) {
            try {
                Socket s = origin.accept();
                int number = connections.incrementAndGet();
                Thread t = new Thread(() -> serve(s, number), "closing-origin-" + number);
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                return; // closed by the test
            }
        }
    }

    private void serve(Socket s, int number) {
        try (s) {
            InputStream in = s.getInputStream();
            OutputStream out = s.getOutputStream();
            for (int n = 1; ; n++) {
                String head = readHead(in);
                if (head == null) {
                    return;
                }
                Matcher m = LENGTH.matcher(head);
                in.readNBytes(m.find() ? Integer.parseInt(m.group(1)) : 0);
                received.add(number + "#" + n + " " + head.lines().findFirst().orElse(""));
                if (closesAt.test(number, n)) {
                    return; // closed under the request
                }
                out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok".getBytes(StandardCharsets.US_ASCII));
                out.flush();
            }
        } catch (IOException e) {
            // the proxy went away
        }
    }

    private static String readHead(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        int matched = 0;
        for (int b; (b = in.read()) >= 0; ) {
            head.write(b);
            matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
            if (matched == 4) {
                return head.toString(StandardCharsets.US_ASCII);
            }
        }
        return null;
    }

    private String url(String path) {
        return "http://127.0.0.1:" + origin.getLocalPort() + path;
    }

    private String exchange(Socket client, String request) throws IOException {
        client.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
        client.getOutputStream().flush();
        return ProxyForwardingTest.readOneResponse(client.getInputStream());
    }

    @Test
    void aGetOnAPooledConnectionTheOriginClosesGoesAgainOnAFreshOne() throws Exception {
        try (Socket client = new Socket("127.0.0.1", proxy.port())) {
            client.setSoTimeout(10_000);
            assertThat(exchange(client, "GET " + url("/first") + " HTTP/1.1\r\nHost: x\r\n\r\n"))
                .startsWith("HTTP/1.1 200");
            assertThat(exchange(client, "GET " + url("/second") + " HTTP/1.1\r\nHost: x\r\n\r\n"))
                .startsWith("HTTP/1.1 200").endsWith("ok");
        }
        assertThat(received).containsExactly("1#1 GET /first HTTP/1.1", "1#2 GET /second HTTP/1.1",
            "2#1 GET /second HTTP/1.1");
    }

    @Test
    void aPostIsNeverSentTwice() throws Exception {
        try (Socket client = new Socket("127.0.0.1", proxy.port())) {
            client.setSoTimeout(10_000);
            assertThat(exchange(client, "GET " + url("/first") + " HTTP/1.1\r\nHost: x\r\n\r\n"))
                .startsWith("HTTP/1.1 200");
            assertThat(exchange(client, "POST " + url("/order") + " HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n"
                + "\r\nabc")).startsWith("HTTP/1.1 502");
        }
        assertThat(received).containsExactly("1#1 GET /first HTTP/1.1", "1#2 POST /order HTTP/1.1");
        assertThat(connections.get()).isEqualTo(1);
    }

    @Test
    void aRequestGetsOneMoreTryAtMost() throws Exception {
        closesAt = (c, n) -> c == 1 ? n > 1 : true; // the fresh connection fails too
        try (Socket client = new Socket("127.0.0.1", proxy.port())) {
            client.setSoTimeout(10_000);
            assertThat(exchange(client, "GET " + url("/first") + " HTTP/1.1\r\nHost: x\r\n\r\n"))
                .startsWith("HTTP/1.1 200");
            assertThat(exchange(client, "GET " + url("/second") + " HTTP/1.1\r\nHost: x\r\n\r\n"))
                .startsWith("HTTP/1.1 502");
        }
        assertThat(received).containsExactly("1#1 GET /first HTTP/1.1", "1#2 GET /second HTTP/1.1",
            "2#1 GET /second HTTP/1.1");
    }
}
