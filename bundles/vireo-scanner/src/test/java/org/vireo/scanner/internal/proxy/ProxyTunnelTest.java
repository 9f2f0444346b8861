package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.rules.Verdict;

/** CONNECT tunnels: TLS from curl to a real HTTPS origin through the proxy, and the tunnels the proxy refuses. */
class ProxyTunnelTest {

    private static final char[] PASSWORD = "changeit".toCharArray();

    @TempDir
    Path dir;
    private TestOrigin origin;
    private ProxyFixture proxy;

    @BeforeEach
    void start() throws Exception {
        HttpsServer https = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        https.setHttpsConfigurator(new HttpsConfigurator(selfSignedContext()));
        origin = new TestOrigin(https);
        proxy = new ProxyFixture(facts -> facts.host().equals("blocked.example")
            ? new Verdict(false, "block-example", "tunnels to blocked.example are not allowed")
            : new Verdict(true, null, ""), Map.of("connectPorts", String.valueOf(origin.port())));
    }

    @AfterEach
    void stop() throws Exception {
        proxy.close();
        origin.close();
    }

    @Test
    void curlSpeaksTlsThroughTheTunnel() throws Exception {
        var result = proxy.curl("--proxytunnel", "-k", "https://localhost:" + origin.port() + "/echo/tls");

        assertThat(result.exit()).as(result.err()).isZero();
        assertThat(TestOrigin.parseEcho(result.out())).containsEntry("path", "/echo/tls")
            .containsEntry("method", "GET");
        assertThat(proxy.server.counters().tunnels()).isEqualTo(1);
    }

    @Test
    void connectToAPortNotAllowedIsForbidden() throws Exception {
        String answer = proxy.raw("CONNECT 127.0.0.1:25 HTTP/1.1\r\nHost: 127.0.0.1:25\r\nConnection: close\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 403").contains("port 25 is not allowed");
    }

    @Test
    void connectThePolicyBlocksGetsTheBlockPage() throws Exception {
        String answer = proxy.raw("CONNECT blocked.example:" + origin.port() + " HTTP/1.1\r\n"
            + "Host: blocked.example\r\nConnection: close\r\n\r\n");

        assertThat(answer).startsWith("HTTP/1.1 403").contains("block-example")
            .contains("tunnels to blocked.example are not allowed");
        assertThat(origin.connections()).isZero();
    }

    /** A key pair made by keytool for this test run, loaded into an SSLContext. */
    private SSLContext selfSignedContext() throws Exception {
        Path store = dir.resolve("origin.p12");
        Process p = new ProcessBuilder("keytool", "-genkeypair", "-alias", "origin", "-keyalg", "EC",
            "-dname", "CN=localhost", "-ext", "SAN=dns:localhost,ip:127.0.0.1", "-validity", "2",
            "-storetype", "PKCS12", "-keystore", store.toString(), "-storepass", new String(PASSWORD),
            "-keypass", new String(PASSWORD)).redirectErrorStream(true).start();
        try (InputStream out = p.getInputStream()) {
            out.readAllBytes();
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        KeyStore keyStore = KeyStore.getInstance("PKCS12");
        try (InputStream in = java.nio.file.Files.newInputStream(store)) {
            keyStore.load(in, PASSWORD);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keyStore, PASSWORD);
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(kmf.getKeyManagers(), null, null);
        return context;
    }
}
