package org.vireo.cluster.internal.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.api.ServerCertificate;

/** The management API's certificates: issued by the cluster CA for server authentication only, or self-signed. */
class ServerKeystoresTest {

    @TempDir
    Path dir;

    private final ClusterCa ca = new ClusterCa();
    private final ServerKeystores keystores = new ServerKeystores();

    @Test
    void theCaIssuesAServerCertificateThatCannotAuthenticateAClient() throws Exception {
        Path caDir = dir.resolve("ca");
        ca.initCa(caDir, "lab", Duration.ofDays(10), false);

        ClusterCa.IssuedCertificate issued = ca.issue(caDir, ClusterCa.Purpose.SERVER, "n1", List.of("10.0.0.1"),
            List.of(), Duration.ofDays(5), null, "pw-api".toCharArray());

        assertThat(issued.file()).isEqualTo(dir.resolve("n1-api.p12"));
        KeyStore store = open(issued.file(), "pw-api");
        assertThat(store.isKeyEntry(ClusterCa.SERVER_ALIAS)).isTrue();
        assertThat(store.isCertificateEntry(ClusterCa.CA_ALIAS)).as("no trust of the CA: not a member's file")
            .isFalse();
        X509Certificate cert = (X509Certificate) store.getCertificate(ClusterCa.SERVER_ALIAS);
        assertThat(cert.getExtendedKeyUsage()).containsExactly("1.3.6.1.5.5.7.3.1");
        assertThat(cert.getSubjectX500Principal().toString()).isEqualTo("CN=n1, OU=management API, O=Vireo");

        ServerCertificate read = keystores.read(issued.file(), "pw-api".toCharArray());
        assertThat(read.issuer()).isEqualTo("CN=lab cluster CA, O=Vireo");
        assertThat(read.selfSigned()).isFalse();
        assertThat(read.serverAuth()).isTrue();
        assertThat(read.subjectAltNames()).containsExactly("IP:10.0.0.1", "DNS:n1");
        assertThat(read.fingerprint()).isEqualTo(issued.fingerprint());
    }

    @Test
    void aSelfSignedCertificateIsWrittenOwnerOnlyWithItsPemBeside() throws Exception {
        Path keystore = dir.resolve("api/server.p12");

        ServerCertificate made = keystores.selfSigned(keystore, "n2", List.of("192.0.2.7", "::1"),
            List.of("n2.example.net"), Duration.ofDays(3650));

        assertThat(made.selfSigned()).isTrue();
        assertThat(made.serverAuth()).isTrue();
        assertThat(made.subject()).isEqualTo(made.issuer());
        assertThat(made.subjectAltNames()).containsExactly("IP:192.0.2.7", "IP:0:0:0:0:0:0:0:1", "DNS:n2",
            "DNS:n2.example.net");
        assertThat(Duration.between(made.notBefore(), made.notAfter())).isGreaterThan(Duration.ofDays(3649));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(keystore))).isEqualTo("rw-------");
        Path password = dir.resolve("api/server.password");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(password))).isEqualTo("rw-------");
        assertThat(keystores.read(keystore, Files.readString(password).toCharArray()).fingerprint())
            .isEqualTo(made.fingerprint());
        Path pem = dir.resolve("api/server.crt");
        X509Certificate cert;
        try (InputStream in = Files.newInputStream(pem)) {
            cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        cert.verify(cert.getPublicKey());
        assertThat(ServerKeystores.describe(cert).fingerprint()).isEqualTo(made.fingerprint());
    }

    @Test
    void readSaysWhyAKeystoreCannotServe() throws Exception {
        keystores.selfSigned(dir.resolve("s.p12"), "n1", List.of(), List.of(), Duration.ofDays(1));
        String right = Files.readString(dir.resolve("s.password"));
        assertThatThrownBy(() -> keystores.read(dir.resolve("s.p12"), "wrong".toCharArray()))
            .hasMessageContaining(dir.resolve("s.p12").toString()).hasMessageContaining("password");
        assertThatThrownBy(() -> keystores.read(dir.resolve("none.p12"), "x".toCharArray()))
            .hasMessageContaining("does not exist");

        KeyStore trustOnly = KeyStore.getInstance("PKCS12");
        trustOnly.load(null, null);
        trustOnly.setCertificateEntry("ca", open(dir.resolve("s.p12"), right).getCertificate(ClusterCa.SERVER_ALIAS));
        Pkcs12.writeSecret(dir.resolve("t.p12"), trustOnly, "pw".toCharArray());
        assertThatThrownBy(() -> keystores.read(dir.resolve("t.p12"), "pw".toCharArray()))
            .hasMessageContaining("holds no key entry");
        assertThatThrownBy(() -> keystores.selfSigned(dir.resolve("u.p12"), "n 1", List.of(), List.of(),
            Duration.ofDays(1))).hasMessageContaining("node name 'n 1'");
    }

    private static KeyStore open(Path file, String password) throws Exception {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, password.toCharArray());
        }
        return store;
    }
}
