package org.vireo.cluster.internal.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterCaTest {

    @TempDir
    Path dir;

    private final ClusterCa ca = new ClusterCa();

    @Test
    void initCaWritesAnOwnerOnlyCaThatSignsCertificates() throws Exception {
        Path caDir = dir.resolve("ca");

        ClusterCa.CaFiles files = ca.initCa(caDir, "lab", Duration.ofDays(3650), false);

        assertThat(files.subject()).isEqualTo("CN=lab cluster CA, O=Vireo");
        assertThat(files.fingerprint()).matches("([0-9A-F]{2}:){31}[0-9A-F]{2}");
        assertThat(Files.readString(files.certificateFile())).startsWith("-----BEGIN CERTIFICATE-----");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(caDir))).isEqualTo("rwx------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(files.keystore()))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(files.passwordFile())))
            .isEqualTo("rw-------");
        KeyStore store = open(files.keystore(), Files.readString(files.passwordFile()).toCharArray());
        X509Certificate cert = (X509Certificate) store.getCertificate(ClusterCa.CA_ALIAS);
        assertThat(cert.getBasicConstraints()).isGreaterThanOrEqualTo(0);
        assertThat(cert.getCriticalExtensionOIDs()).contains("2.5.29.19"); // basic constraints critical
        assertThat(cert.getKeyUsage()[5]).as("keyCertSign").isTrue();
        assertThat(cert.getKeyUsage()[6]).as("cRLSign").isTrue();
        assertThat(cert.getSerialNumber().bitLength()).isGreaterThan(64);
        assertThat(cert.getPublicKey().getAlgorithm()).isEqualTo("EC");
    }

    @Test
    void initCaRefusesToReplaceAnExistingCaUnlessForced() {
        Path caDir = dir.resolve("ca");
        ClusterCa.CaFiles first = ca.initCa(caDir, "lab", Duration.ofDays(10), false);

        assertThatThrownBy(() -> ca.initCa(caDir, "lab", Duration.ofDays(10), false))
            .isInstanceOf(CredentialsException.class)
            .hasMessageContaining("already exists in " + caDir).hasMessageContaining("--force");
        ClusterCa.CaFiles second = ca.initCa(caDir, "lab", Duration.ofDays(10), true);
        assertThat(second.fingerprint()).isNotEqualTo(first.fingerprint());
    }

    @Test
    void issueWritesOneFileThatIsKeystoreAndTruststore() throws Exception {
        Path caDir = dir.resolve("ca");
        ca.initCa(caDir, "lab", Duration.ofDays(10), false);

        ClusterCa.IssuedCertificate issued = ca.issue(caDir, "n1", List.of("10.0.0.1", "2001:db8::1"),
            List.of("n1.example.net"), Duration.ofDays(5), null, null);

        assertThat(issued.file()).isEqualTo(dir.resolve("n1.p12"));
        assertThat(issued.generatedPassword()).get().asString().matches("[A-Za-z0-9_-]{24}");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(issued.file()))).isEqualTo("rw-------");
        KeyStore store = open(issued.file(), issued.generatedPassword().orElseThrow().toCharArray());
        assertThat(store.isKeyEntry(ClusterCa.NODE_ALIAS)).isTrue();
        assertThat(store.getCertificateChain(ClusterCa.NODE_ALIAS)).hasSize(2);
        assertThat(store.isCertificateEntry(ClusterCa.CA_ALIAS)).isTrue();
        X509Certificate cert = (X509Certificate) store.getCertificate(ClusterCa.NODE_ALIAS);
        assertThat(cert.getSubjectX500Principal().toString()).isEqualTo("CN=n1, O=Vireo");
        assertThat(cert.getExtendedKeyUsage()).containsExactlyInAnyOrder("1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2");
        assertThat(cert.getBasicConstraints()).isEqualTo(-1);
        assertThat(cert.getSubjectAlternativeNames().stream().map(n -> String.valueOf(n.get(1))))
            .contains("10.0.0.1", "n1", "n1.example.net");
        assertThat(cert.getSubjectAlternativeNames()).hasSize(4);
        assertThat(cert.getExtensionValue("2.5.29.35")).as("authority key id").isNotNull();
        assertThat(cert.getExtensionValue("2.5.29.14")).as("subject key id").isNotNull();
        cert.verify(store.getCertificate(ClusterCa.CA_ALIAS).getPublicKey());
    }

    @Test
    void issueChecksNamesAndAddresses() {
        Path caDir = dir.resolve("ca");
        ca.initCa(caDir, "lab", Duration.ofDays(10), false);

        assertThatThrownBy(() -> ca.issue(caDir, "n 1", List.of(), List.of(), Duration.ofDays(1), null, null))
            .hasMessageContaining("node name 'n 1'").hasMessageContaining("1-63 letters");
        assertThatThrownBy(() -> ca.issue(caDir, "n1", List.of("10.0.0.300"), List.of(), Duration.ofDays(1), null, null))
            .hasMessageContaining("IP address '10.0.0.300'").hasMessageContaining("IPv4 or IPv6 literal");
        assertThatThrownBy(() -> ca.issue(caDir, "n1", List.of("example.com"), List.of(), Duration.ofDays(1), null, null))
            .hasMessageContaining("IP address 'example.com'");
        assertThatThrownBy(() -> ca.issue(caDir, "n1", List.of(), List.of("bad_name"), Duration.ofDays(1), null, null))
            .hasMessageContaining("DNS name 'bad_name'");
        assertThatThrownBy(() -> ca.issue(dir.resolve("none"), "n1", List.of(), List.of(), Duration.ofDays(1), null,
            null)).isInstanceOf(CredentialsException.class).hasMessageContaining("no cluster CA in")
            .hasMessageContaining("cluster:init-ca");
    }

    @Test
    void loadNamesTheFileAndWhatIsWrong() throws Exception {
        Path caDir = dir.resolve("ca");
        ca.initCa(caDir, "lab", Duration.ofDays(10), false);
        Path node = dir.resolve("n1.p12");
        ca.issue(caDir, "n1", List.of(), List.of(), Duration.ofDays(1), node, "secret-1".toCharArray());

        assertThatThrownBy(() -> NodeCredentials.load(node, "wrong".toCharArray(), null, null, (p, r) -> { }))
            .isInstanceOf(CredentialsException.class).hasMessageContaining(node.toString())
            .hasMessageContaining("password");
        assertThatThrownBy(() -> NodeCredentials.load(dir.resolve("absent.p12"), "x".toCharArray(), null, null,
            (p, r) -> { })).hasMessageContaining("absent.p12 does not exist");
        // the CA keystore has a key but no trusted CA entry
        char[] caPassword = Files.readString(caDir.resolve(ClusterCa.CA_PASSWORD)).toCharArray();
        assertThatThrownBy(() -> NodeCredentials.load(caDir.resolve(ClusterCa.CA_KEYSTORE), caPassword, null, null,
            (p, r) -> { })).hasMessageContaining("holds no trusted CA certificate entry");
        // a truststore-only file has no key
        KeyStore trustOnly = KeyStore.getInstance("PKCS12");
        trustOnly.load(null, null);
        trustOnly.setCertificateEntry("ca", open(node, "secret-1".toCharArray()).getCertificate(ClusterCa.CA_ALIAS));
        Path trustFile = dir.resolve("trust.p12");
        try (var out = Files.newOutputStream(trustFile)) {
            trustOnly.store(out, "t".toCharArray());
        }
        assertThatThrownBy(() -> NodeCredentials.load(trustFile, "t".toCharArray(), null, null, (p, r) -> { }))
            .hasMessageContaining("holds no private key entry");

        NodeCredentials ok = NodeCredentials.load(node, "secret-1".toCharArray(), trustFile, "t".toCharArray(),
            (p, r) -> { });
        assertThat(ok.subject()).isEqualTo("CN=n1, O=Vireo");
        assertThat(ok.sslContext().getProtocol()).isEqualTo("TLSv1.3");
    }

    @Test
    void loadRefusesAnExpiredOwnCertificate() {
        Instant monthAgo = Instant.now().minus(Duration.ofDays(30));
        ClusterCa past = new ClusterCa(Clock.fixed(monthAgo, ZoneOffset.UTC), new SecureRandom());
        Path caDir = dir.resolve("ca");
        past.initCa(caDir, "lab", Duration.ofDays(3650), false);
        Path node = dir.resolve("old.p12");
        past.issue(caDir, "old", List.of(), List.of(), Duration.ofDays(1), node, "pw".toCharArray());

        assertThatThrownBy(() -> NodeCredentials.load(node, "pw".toCharArray(), null, null, (p, r) -> { }))
            .isInstanceOf(CredentialsException.class).hasMessageContaining(node.toString())
            .hasMessageContaining("CN=old, O=Vireo").hasMessageContaining("expired on")
            .hasMessageContaining("cluster:issue-cert");
    }

    @Test
    void ipLiteralsNeverNeedDns() {
        assertThat(IpLiterals.parse("127.0.0.1")).get().isEqualTo(InetAddress.getLoopbackAddress());
        assertThat(IpLiterals.parse("::1")).isPresent();
        assertThat(IpLiterals.parse("localhost")).isEmpty();
        assertThat(IpLiterals.parse("1.2.3")).isEmpty();
        assertThat(IpLiterals.parse("1:2:3:4:5:6:7:8:9")).isEmpty();
    }

    static KeyStore open(Path file, char[] password) throws Exception {
        try (InputStream in = Files.newInputStream(file)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(in, password);
            return store;
        }
    }
}
