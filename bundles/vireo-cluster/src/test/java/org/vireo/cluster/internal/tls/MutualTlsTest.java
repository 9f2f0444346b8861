package org.vireo.cluster.internal.tls;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real TLS 1.3 handshakes on 127.0.0.1 between contexts made from ClusterCa files. */
class MutualTlsTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

    @TempDir
    Path dir;

    private final ClusterCa ca = new ClusterCa();
    private final List<String> serverRefusals = new CopyOnWriteArrayList<>();
    private final List<String> clientRefusals = new CopyOnWriteArrayList<>();

    @BeforeEach
    void clusterCa() {
        ca.initCa(dir.resolve("ca"), "lab", Duration.ofDays(30), false);
        ca.initCa(dir.resolve("other-ca"), "lab", Duration.ofDays(30), false); // same name, other key
    }

    private Path node(String caFolder, String name) {
        Path file = dir.resolve(caFolder + "-" + name + ".p12");
        ca.issue(dir.resolve(caFolder), name, List.of("127.0.0.1"), List.of(), Duration.ofDays(1), file,
            "pw".toCharArray());
        return file;
    }

    private SSLContext context(Path file, List<String> refusals) {
        return NodeCredentials.load(file, "pw".toCharArray(), null, null,
            (peer, reason) -> refusals.add(peer + " | " + reason)).sslContext();
    }

    /** Both sides' outcome: null when the handshake succeeded on that side, else the failure. */
    private record Outcome(Throwable server, Throwable client, String protocol) {
    }

    private static Outcome handshake(SSLContext server, SSLContext client) throws Exception {
        try (SSLServerSocket listener = (SSLServerSocket) server.getServerSocketFactory().createServerSocket(0, 1,
            LOOPBACK)) {
            listener.setNeedClientAuth(true);
            CompletableFuture<Throwable> serverSide = CompletableFuture.supplyAsync(() -> {
                try (SSLSocket accepted = (SSLSocket) listener.accept()) {
                    accepted.setSoTimeout(10_000);
                    accepted.startHandshake();
                    accepted.getOutputStream().write(42); // TLS 1.3 tells the client of a refusal only on I/O
                    accepted.getInputStream().read();
                    return null;
                } catch (IOException e) {
                    return e;
                }
            });
            Throwable clientFailure = null;
            String protocol = null;
            try (SSLSocket socket = (SSLSocket) client.getSocketFactory().createSocket(LOOPBACK,
                listener.getLocalPort())) {
                socket.setSoTimeout(10_000);
                socket.startHandshake();
                protocol = socket.getSession().getProtocol();
                socket.getOutputStream().write(7);
                if (socket.getInputStream().read() != 42) {
                    throw new IOException("server closed");
                }
            } catch (IOException e) {
                clientFailure = e;
            }
            try {
                return new Outcome(serverSide.get(20, TimeUnit.SECONDS), clientFailure, protocol);
            } catch (ExecutionException e) {
                return new Outcome(e.getCause(), clientFailure, protocol);
            }
        }
    }

    @Test
    void nodesOfTheSameCaShakeHandsWithTls13() throws Exception {
        Outcome outcome = handshake(context(node("ca", "n1"), serverRefusals), context(node("ca", "n2"), clientRefusals));

        assertThat(outcome.server()).isNull();
        assertThat(outcome.client()).isNull();
        assertThat(outcome.protocol()).isEqualTo("TLSv1.3");
        assertThat(serverRefusals).isEmpty();
        assertThat(clientRefusals).isEmpty();
    }

    @Test
    void aServerOfAnotherCaIsRefusedByTheClient() throws Exception {
        Outcome outcome = handshake(context(node("other-ca", "n9"), serverRefusals),
            context(node("ca", "n1"), clientRefusals));

        assertThat(outcome.client()).isNotNull();
        assertThat(outcome.server()).isNotNull();
        assertThat(clientRefusals).singleElement().asString().startsWith("127.0.0.1:")
            .contains("(CN=n9, O=Vireo)")
            .contains("certificate of CN=n9, O=Vireo is not signed by this cluster's CA");
    }

    @Test
    void aClientOfAnotherCaIsRefusedByTheServer() throws Exception {
        // n9 trusts our CA (so it accepts the server) but its own certificate is from the other CA
        Path n1 = node("ca", "n1");
        SSLContext n9 = NodeCredentials.load(node("other-ca", "n9"), "pw".toCharArray(), n1, "pw".toCharArray(),
            (peer, reason) -> clientRefusals.add(peer + " | " + reason)).sslContext();

        Outcome outcome = handshake(context(n1, serverRefusals), n9);

        assertThat(outcome.server()).isNotNull();
        assertThat(outcome.client()).isNotNull();
        assertThat(clientRefusals).isEmpty();
        assertThat(serverRefusals).singleElement().asString().startsWith("127.0.0.1:")
            .contains("certificate of CN=n9, O=Vireo is not signed by this cluster's CA");
    }

    @Test
    void anExpiredPeerCertificateIsRefused() throws Exception {
        // the other node's certificate was issued for one day, a month ago, by our CA (made then too)
        ClusterCa past = new ClusterCa(Clock.fixed(Instant.now().minus(Duration.ofDays(30)), ZoneOffset.UTC),
            new SecureRandom());
        past.initCa(dir.resolve("old-ca"), "lab", Duration.ofDays(3650), false);
        Path current = dir.resolve("current.p12");
        past.issue(dir.resolve("old-ca"), "n1", List.of(), List.of(), Duration.ofDays(3000), current,
            "pw".toCharArray());
        Path expired = dir.resolve("expired.p12");
        past.issue(dir.resolve("old-ca"), "n2", List.of(), List.of(), Duration.ofDays(1), expired, "pw".toCharArray());
        // an expired node could not load its own file; the peer's point of view is what matters here
        SSLContext expiredClient = NodeCredentials.load(expired, "pw".toCharArray(), null, null, (p, r) -> { },
            Clock.fixed(Instant.now().minus(Duration.ofDays(30)), ZoneOffset.UTC)).sslContext();

        Outcome outcome = handshake(context(current, serverRefusals), expiredClient);

        assertThat(outcome.server()).isNotNull();
        assertThat(serverRefusals).singleElement().asString().contains("certificate of CN=n2, O=Vireo expired on");
    }
}
