package org.vireo.notify.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.Base64;
import java.util.List;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

/** A key pair and its self-signed certificate for 127.0.0.1, made by the JDK's keytool, for the sinks' TLS tests. */
public final class SelfSigned {

    private static final char[] PASSWORD = "changeit".toCharArray();

    private final KeyStore keys;

    private SelfSigned(KeyStore keys) {
        this.keys = keys;
    }

    public static SelfSigned in(Path dir) throws Exception {
        Path file = dir.resolve("server.p12");
        Process keytool = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool")
                .toString(), "-genkeypair", "-alias", "server", "-keyalg", "EC", "-groupname", "secp256r1",
            "-dname", "CN=127.0.0.1", "-ext", "san=ip:127.0.0.1", "-validity", "2", "-storetype", "PKCS12",
            "-keystore", file.toString(), "-storepass", new String(PASSWORD), "-keypass", new String(PASSWORD)))
            .redirectErrorStream(true).start();
        String output = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(keytool.waitFor()).as(output).isZero();
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            keys.load(in, PASSWORD);
        }
        return new SelfSigned(keys);
    }

    /** A server's TLS with this key. */
    public SSLContext serverContext() throws Exception {
        KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        kmf.init(keys, PASSWORD);
        SSLContext tls = SSLContext.getInstance("TLS");
        tls.init(kmf.getKeyManagers(), null, null);
        return tls;
    }

    /** The certificate as a PEM file, what a sink's caFile names. */
    public Path pem(Path file) throws Exception {
        Files.writeString(file, "-----BEGIN CERTIFICATE-----\n" + Base64.getMimeEncoder(64, "\n".getBytes())
            .encodeToString(keys.getCertificate("server").getEncoded()) + "\n-----END CERTIFICATE-----\n");
        return file;
    }
}
