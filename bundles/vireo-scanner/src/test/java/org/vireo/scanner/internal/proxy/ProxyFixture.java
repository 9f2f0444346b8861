package org.vireo.scanner.internal.proxy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.vireo.scanner.internal.policy.LocalAddresses;
import org.vireo.rules.Network;
import org.vireo.rules.Policy;
import org.vireo.rules.Verdict;

/** A running proxy on 127.0.0.1 with options for tests, and the clients the tests talk to it with. */
final class ProxyFixture implements AutoCloseable {

    static final Policy ALLOW_ALL = facts -> new Verdict(true, null, "");
    /** Where the tests' origins listen: the node's own loopback, which the proxy reaches only if a rule names it. */
    static final Network TEST_ORIGINS = Network.of("127.0.0.1");

    final ProxyServer server;
    final InetSocketAddress address;
    /** The access log's lines, one entry per line, as the proxy logs them. */
    private final BlockingQueue<String> accessLines = new LinkedBlockingQueue<>();

    /**
     * A proxy whose rules are {@code policy} with the test origins' address allowed by name, as an operator's
     * {@code destination 127.0.0.1} condition on each allowing rule would: tests of everything but the protected
     * destinations reach their origins on loopback.
     */
    ProxyFixture(Policy policy, Map<String, Object> overrides) throws InterruptedException {
        this(namingTestOrigins(policy), LocalAddresses.NONE, overrides);
    }

    /** A proxy whose rules are exactly {@code policy}, with {@code local} as this node's addresses. */
    ProxyFixture(Policy policy, LocalAddresses local, Map<String, Object> overrides) throws InterruptedException {
        Map<String, Object> config = new HashMap<>(Map.of("listenAddress", "127.0.0.1", "port", 0,
            "workerThreads", 2, "viaName", "test-node"));
        config.putAll(overrides);
        server = new ProxyServer(() -> policy, () -> local,
            lines -> accessLines.addAll(List.of(lines.split("\n"))));
        address = server.start(ProxyOptions.parse(config));
    }

    private static Policy namingTestOrigins(Policy policy) {
        return facts -> {
            Verdict verdict = policy.decide(facts);
            boolean testOrigin = facts.destination() != null && TEST_ORIGINS.contains(facts.destination());
            return verdict.allowed() && verdict.destination() == null && testOrigin
                ? new Verdict(true, verdict.rule(), verdict.reason(), TEST_ORIGINS, false) : verdict;
        };
    }

    /** The next access log line, waited for (bounded). */
    String nextAccessLine() throws InterruptedException {
        String line = accessLines.poll(10, TimeUnit.SECONDS);
        if (line == null) {
            throw new IllegalStateException("no access log line within 10 s");
        }
        return line;
    }

    int port() {
        return address.getPort();
    }

    /** The result of a curl run: exit code, stdout, stderr. */
    record CurlResult(int exit, String out, String err) {
    }

    /** Runs curl through the proxy, bounded; the arguments follow {@code -sS -x proxy}. */
    CurlResult curl(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("curl", "-sS", "--max-time", "60", "-x",
            "http://127.0.0.1:" + port()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(false).start();
        try {
            byte[] out = p.getInputStream().readAllBytes();
            byte[] err = p.getErrorStream().readAllBytes();
            if (!p.waitFor(70, TimeUnit.SECONDS)) {
                throw new IllegalStateException("curl did not end");
            }
            return new CurlResult(p.exitValue(), new String(out, StandardCharsets.UTF_8),
                new String(err, StandardCharsets.UTF_8));
        } finally {
            p.destroyForcibly();
        }
    }

    /** Sends raw bytes on a new connection and reads until the proxy closes it (bounded by a read timeout). */
    String raw(String request) throws IOException {
        return raw(port(), request);
    }

    /** Sends raw bytes to a proxy on this port and reads until it closes the connection. */
    static String raw(int port, String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            return readToClose(socket.getInputStream());
        }
    }

    static String readToClose(InputStream in) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buf = new byte[8192];
        try {
            for (int n; (n = in.read(buf)) > 0; ) {
                out.write(buf, 0, n);
            }
        } catch (java.net.SocketException e) {
            // a reset after the answer: the answer is what the test checks
        }
        return out.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws InterruptedException {
        server.stop(Duration.ofSeconds(2));
    }
}
