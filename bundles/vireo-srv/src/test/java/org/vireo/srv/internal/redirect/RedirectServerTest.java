package org.vireo.srv.internal.redirect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.vireo.srv.internal.redirect.Nodes.load;
import static org.vireo.srv.internal.redirect.Nodes.node;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.NodeLoad;
import org.vireo.settings.RedirectOptions;
import org.vireo.srv.Resolution;
import org.vireo.srv.SrvConnector;
import org.vireo.srv.TrustedCertificates;

import io.netty.handler.ssl.SslContext;

/**
 * Two nodes' login endpoints on loopback (real HTTP), each answering from its own registry snapshot, and the
 * client-side connector going through them as a client would.
 */
class RedirectServerTest {

    private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();
    private final List<RedirectServer> servers = new ArrayList<>();
    private final AtomicReference<Map<String, NodeLoad>> loads1 = new AtomicReference<>();
    private final AtomicReference<Map<String, NodeLoad>> loads2 = new AtomicReference<>();
    private int port1;
    private int port2;
    private String scheme = "http";
    private Optional<SslContext> tls = Optional.empty();

    @AfterEach
    void stop() {
        servers.forEach(RedirectServer::stop);
    }

    private String url(int port) {
        return scheme + "://127.0.0.1:" + port + "/vireo/login";
    }

    /** The registry as {@code self} sees it: both nodes offering the service, with the loads it last heard. */
    private List<ClusterNode> view(String self, Map<String, NodeLoad> loads) {
        return List.of(node("n1", self.equals("n1"), url(port1), loads.get("n1")),
            node("n2", self.equals("n2"), url(port2), loads.get("n2")));
    }

    private void startBoth() {
        RedirectOptions options = RedirectOptions.parse(Map.of("enabled", "true"));
        RedirectEndpoint e1 = new RedirectEndpoint(options, () -> view("n1", loads1.get()));
        RedirectEndpoint e2 = new RedirectEndpoint(options, () -> view("n2", loads2.get()));
        RedirectServer s1 = RedirectServer.start(new InetSocketAddress(LOOPBACK, 0), tls, () -> e1);
        servers.add(s1);
        RedirectServer s2 = RedirectServer.start(new InetSocketAddress(LOOPBACK, 0), tls, () -> e2);
        servers.add(s2);
        port1 = s1.address().getPort();
        port2 = s2.address().getPort();
    }

    private static Resolution.Candidates first(int port) {
        return new Resolution.Candidates("n1", Resolution.Source.LITERAL,
            List.of(new Resolution.Candidate("127.0.0.1", List.of(LOOPBACK), port, 0, 0)));
    }

    private static SrvConnector.Settings settings(String scheme) {
        return new SrvConnector.Settings(scheme, "/vireo/login", Duration.ofSeconds(2), Duration.ofSeconds(5),
            Duration.ZERO);
    }

    private static SrvConnector.Result connect(int port) throws InterruptedException {
        return SrvConnector.standard(settings("http")).connect(first(port));
    }

    /** A self-signed key and certificate for 127.0.0.1 made by the JDK's keytool; its certificate as PEM beside. */
    private static Path keystore(Path dir) throws Exception {
        Path p12 = dir.resolve("node.p12");
        String keytool = Path.of(System.getProperty("java.home"), "bin", "keytool").toString();
        run(keytool, "-genkeypair", "-alias", "node", "-keyalg", "EC", "-groupname", "secp256r1", "-dname",
            "CN=127.0.0.1", "-ext", "SAN=ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12", "-keystore",
            p12.toString(), "-storepass", "secret", "-keypass", "secret");
        run(keytool, "-exportcert", "-rfc", "-alias", "node", "-keystore", p12.toString(), "-storepass", "secret",
            "-file", dir.resolve("ca.crt").toString());
        return p12;
    }

    private static void run(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertThat(p.waitFor()).as(String.join(" ", command) + ": " + out).isZero();
    }

    @Test
    void aClientOfTheLoadedNodeIsSentToTheOtherAndTheOtherAnswersItsOwnClients() throws Exception {
        Map<String, NodeLoad> loaded1 = Map.of("n1", load(0.2, 400), "n2", load(0.2, 10));
        loads1.set(loaded1);
        loads2.set(loaded1);
        startBoth();

        SrvConnector.Result viaN1 = connect(port1);
        assertThat(viaN1.endpoint()).hasValue(url(port2) + "?vireo-redirected-by=n1");
        assertThat(viaN1.steps()).extracting(SrvConnector.Step::outcome)
            .containsExactly("redirect 302 -> " + url(port2) + "?vireo-redirected-by=n1", "200");

        SrvConnector.Result viaN2 = connect(port2);
        assertThat(viaN2.endpoint()).hasValue(url(port2));
        assertThat(viaN2.steps()).hasSize(1);

        HttpResponse<String> answer = HttpClient.newHttpClient().send(
            HttpRequest.newBuilder(URI.create(url(port2))).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.body()).startsWith("{\"node\":\"n2\"");
    }

    @Test
    void nodesWhoseRegistriesDisagreeSendAClientOnceAndNoFurther() throws Exception {
        // each believes the other is idle: unmarked, they would send a client back and forth
        loads1.set(Map.of("n1", load(0.9, 0), "n2", load(0.0, 0)));
        loads2.set(Map.of("n1", load(0.0, 0), "n2", load(0.9, 0)));
        startBoth();

        SrvConnector.Result r = connect(port1);

        assertThat(r.endpoint()).hasValue(url(port2) + "?vireo-redirected-by=n1");
        assertThat(r.steps()).hasSize(2);
    }

    @Test
    void overHttpsTheClientTrustingTheCertificateIsSentOnAndOneTrustingOnlyTheJdksCasIsRefused(@TempDir Path dir)
        throws Exception {
        Path p12 = keystore(dir);
        tls = Optional.of(EndpointTls.serverContext(p12, "secret"));
        scheme = "https";
        Map<String, NodeLoad> loaded1 = Map.of("n1", load(0.2, 400), "n2", load(0.2, 10));
        loads1.set(loaded1);
        loads2.set(loaded1);
        startBoth();

        SrvConnector.Result trusting = SrvConnector.standard(settings("https"),
            TrustedCertificates.fromPem(dir.resolve("ca.crt"))).connect(first(port1));
        assertThat(trusting.endpoint()).hasValue(url(port2) + "?vireo-redirected-by=n1");
        assertThat(url(port2)).startsWith("https://");

        SrvConnector.Result jdkOnly = SrvConnector.standard(settings("https")).connect(first(port1));
        assertThat(jdkOnly.endpoint()).isEmpty();
        assertThat(jdkOnly.steps()).singleElement().extracting(SrvConnector.Step::outcome).asString()
            .contains("SSLHandshakeException");
    }

    @Test
    void aKeystoreThatCannotBeReadIsNamed(@TempDir Path dir) throws Exception {
        Path p12 = keystore(dir);
        assertThatThrownBy(() -> EndpointTls.serverContext(p12, "wrong")).isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("keystore " + p12 + ": cannot be read").hasMessageContaining("keystorePassword");
        assertThatThrownBy(() -> EndpointTls.serverContext(dir.resolve("none.p12"), "x"))
            .hasMessageContaining("none.p12: cannot be read");
        assertThatThrownBy(() -> TrustedCertificates.fromPem(p12)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("expected PEM certificates");
    }

    @Test
    void aPortInUseIsReportedWithTheAddress() {
        loads1.set(Map.of("n1", load(0, 0), "n2", load(0, 0)));
        loads2.set(loads1.get());
        startBoth();
        InetSocketAddress taken = servers.get(0).address();
        assertThatThrownBy(() -> RedirectServer.start(taken, Optional.empty(), () -> null))
            .isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("cannot listen on " + taken);
    }
}
