package org.vireo.health.internal.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.health.CheckResult;
import org.vireo.settings.MonitorOptions;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;

/**
 * The HTTP check against a real TLS server (the JDK's HttpsServer on 127.0.0.1) whose certificate keytool makes for
 * the test: self-signed, so that only a check that does not verify accepts it.
 */
class HttpsCheckTest {

    private static final char[] PASSWORD = "changeit".toCharArray();

    @TempDir
    Path dir;
    private HttpsServer server;
    private final Checks checks = new Checks(Path.of("/nonexistent"));

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
        checks.close();
    }

    @Test
    void aSelfSignedCertificateFailsAVerifyingCheckWithTheCertificateProblemNamed() throws Exception {
        start(selfSigned("localhost", "ip:127.0.0.1,dns:localhost"));

        CheckResult r = get(true);

        assertThat(r.success()).isFalse();
        assertThat(r.detail()).startsWith("TLS: ").contains("certificate").contains("not trusted");
    }

    @Test
    void aSelfSignedCertificatePassesACheckThatDoesNotVerify() throws Exception {
        start(selfSigned("localhost", "ip:127.0.0.1,dns:localhost"));

        CheckResult r = get(false);

        assertThat(r.success()).as(r.detail()).isTrue();
        assertThat(r.detail()).startsWith("HTTP 200");
    }

    @Test
    void aCertificateForAnotherNamePassesACheckThatDoesNotVerifyIt() throws Exception {
        start(selfSigned("other.example", "dns:other.example"));

        assertThat(get(false).success()).isTrue();
        assertThat(get(true).success()).isFalse();
    }

    private CheckResult get(boolean verify) throws Exception {
        Check check = checks.create(MonitorOptions.parse(Map.of("name", "tls", "type", "http",
            "url", "https://127.0.0.1:" + server.getAddress().getPort() + "/ok", "tlsVerify", String.valueOf(verify),
            "timeoutMillis", "5000", "intervalMillis", "5000")));
        return check.start().get(20, TimeUnit.SECONDS);
    }

    private void start(KeyStore keys) throws Exception {
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, PASSWORD);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), null, null);
        server = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setHttpsConfigurator(new HttpsConfigurator(tls));
        server.createContext("/ok", x -> {
            byte[] body = "ok".getBytes(StandardCharsets.UTF_8);
            x.sendResponseHeaders(200, body.length);
            try (OutputStream out = x.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
    }

    /** A key pair and its self-signed certificate for {@code cn} with the subject alternative names given. */
    private KeyStore selfSigned(String cn, String san) throws IOException, InterruptedException, Exception {
        Path file = dir.resolve(cn + ".p12");
        Process keytool = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool")
                .toString(), "-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1",
            "-dname", "CN=" + cn, "-ext", "san=" + san, "-validity", "2", "-storetype", "PKCS12",
            "-keystore", file.toString(), "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD)))
            .redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(keytool.waitFor()).as(output).isZero();
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            keys.load(in, PASSWORD);
        }
        return keys;
    }
}
