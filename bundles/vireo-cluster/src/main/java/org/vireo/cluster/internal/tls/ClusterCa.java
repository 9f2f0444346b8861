package org.vireo.cluster.internal.tls;

import java.io.IOException;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

import javax.security.auth.x500.X500Principal;

import org.vireo.api.ServerCertificates;

import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * The cluster's own certificate authority, in process: the operator never needs openssl. The CA is dedicated to one
 * cluster because any certificate it signed can join (see STACK.md); its folder holds {@value #CA_KEYSTORE} (key and
 * certificate, encrypted with the random password in {@value #CA_PASSWORD}) and {@value #CA_CERTIFICATE} (PEM, public).
 *
 * <p>Keys are EC P-256 rather than RSA 3072: the same security level (~128 bit), keys made in milliseconds instead
 * of seconds, and smaller, faster TLS 1.3 handshakes; every JDK since 11 supports ECDSA in TLS 1.3.
 *
 * <p>Only Bouncy Castle's certificate builder is used; keys, signatures and key stores come from the JDK's
 * providers, so no provider is registered JVM-wide.
 */
public final class ClusterCa {

    public static final String CA_KEYSTORE = "ca.p12";
    public static final String CA_PASSWORD = "ca.password";
    public static final String CA_CERTIFICATE = "ca.crt";
    /** Alias of the CA in {@value #CA_KEYSTORE}, and of the trusted CA entry in a node file. */
    public static final String CA_ALIAS = "cluster-ca";
    /** Alias of the node's key entry in a node file. */
    public static final String NODE_ALIAS = "node";
    /** Alias of the key entry in a server file (the management API's HTTPS). */
    public static final String SERVER_ALIAS = "server";

    /**
     * What a certificate is for: a cluster member's (TLS both ways between members: server and client
     * authentication, the CA trusted in the same file), or a server of the node's own (the management API's HTTPS:
     * server authentication only, so that its key can never join the cluster).
     */
    public enum Purpose {
        MEMBER, SERVER
    }

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,63}");
    private static final Pattern DNS_NAME =
        Pattern.compile("(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*");
    private static final String SIGNATURE = "SHA256withECDSA";
    private static final String URL_SAFE = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    /** Certificates start this much before "now" so that a peer whose clock is a little behind accepts them. */
    private static final Duration CLOCK_SKEW = Duration.ofMinutes(5);

    private final Clock clock;
    private final SecureRandom random;

    public ClusterCa() {
        this(Clock.systemUTC(), new SecureRandom());
    }

    /** @param clock "now" for validity periods (tests make expired certificates with a clock in the past) */
    public ClusterCa(Clock clock, SecureRandom random) {
        this.clock = clock;
        this.random = random;
    }

    /** The files of a cluster CA. */
    public record CaFiles(Path keystore, Path passwordFile, Path certificateFile, String subject, String fingerprint,
                          Instant notAfter) {
    }

    /**
     * A node certificate written to {@code file}.
     *
     * @param generatedPassword the file's password when it was generated (to be shown once), empty when given
     */
    public record IssuedCertificate(Path file, String subject, List<String> subjectAltNames, String fingerprint,
                                    Instant notAfter, Optional<String> generatedPassword) {

        public IssuedCertificate {
            subjectAltNames = List.copyOf(subjectAltNames);
        }
    }

    /** Where {@link #issue} writes a node's file by default: next to the CA folder, not in it (it holds only CA secrets). */
    public static Path defaultNodeFile(Path caDir, String nodeName) {
        return defaultFile(caDir, nodeName, Purpose.MEMBER);
    }

    /** {@code <node>.p12} for a member, {@code <node>-api.p12} for a server, next to the CA folder. */
    public static Path defaultFile(Path caDir, String nodeName, Purpose purpose) {
        Path absolute = caDir.toAbsolutePath().normalize();
        Path parent = absolute.getParent() == null ? absolute : absolute.getParent();
        return parent.resolve(nodeName + (purpose == Purpose.SERVER ? "-api" : "") + ".p12");
    }

    /**
     * Creates a cluster CA in {@code caDir} (made owner-only).
     *
     * @param force replace an existing CA: every node certificate it signed stops being trusted
     * @throws CredentialsException if a CA exists and {@code force} is false, or the files cannot be written
     */
    public CaFiles initCa(Path caDir, String clusterName, Duration validity, boolean force) {
        requireName("cluster name", clusterName);
        requirePositive(validity);
        Path keystore = caDir.resolve(CA_KEYSTORE);
        Path passwordFile = caDir.resolve(CA_PASSWORD);
        Path certificateFile = caDir.resolve(CA_CERTIFICATE);
        if (!force && (Files.exists(keystore) || Files.exists(certificateFile))) {
            throw new CredentialsException("a cluster CA already exists in " + caDir + " (" + CA_KEYSTORE + "): not"
                + " replacing it, since no node certificate it signed would be trusted any more; use --force to"
                + " replace it, then issue and copy a new certificate for every node");
        }
        try {
            KeyPair keys = newKeyPair();
            X500Principal subject = new X500Principal("CN=" + clusterName + " cluster CA, O=Vireo");
            Instant notBefore = clock.instant().minus(CLOCK_SKEW);
            Instant notAfter = clock.instant().plus(validity);
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(subject, serial(), Date.from(notBefore),
                Date.from(notAfter), subject, keys.getPublic());
            JcaX509ExtensionUtils extensions = new JcaX509ExtensionUtils();
            builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
            builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
            builder.addExtension(Extension.subjectKeyIdentifier, false,
                extensions.createSubjectKeyIdentifier(keys.getPublic()));
            X509Certificate certificate = sign(builder, keys.getPrivate());

            char[] password = password(32);
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry(CA_ALIAS, keys.getPrivate(), password, new Certificate[] {certificate});

            Pkcs12.ownerOnlyDirectory(caDir);
            Pkcs12.writeSecret(passwordFile, new String(password).getBytes(StandardCharsets.UTF_8));
            Pkcs12.writeSecret(keystore, store, password);
            Files.writeString(certificateFile, Pkcs12.pem(certificate), StandardCharsets.US_ASCII);
            return new CaFiles(keystore, passwordFile, certificateFile, certificate.getSubjectX500Principal().toString(),
                Pkcs12.fingerprint(certificate), notAfter);
        } catch (IOException e) {
            throw new CredentialsException("cannot write the cluster CA to " + caDir + ": " + e, e);
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("the JDK cannot make an EC P-256 key or certificate: " + e, e);
        }
    }

    /**
     * Issues a member certificate signed by the CA in {@code caDir} and writes one PKCS12 file holding the node's key
     * with the chain [node, CA] (alias {@value #NODE_ALIAS}) and the CA as a trusted entry (alias {@value #CA_ALIAS}):
     * the same file is the node's keystore and truststore.
     *
     * @param ipAddresses IP literals for the subject alternative names
     * @param dnsNames    DNS names for the subject alternative names; the node name is always added
     * @param validity    from now; cut to the CA's own end of validity
     * @param out         the file to write, or null for {@link #defaultNodeFile}
     * @param password    the file's password, or null to generate 24 URL-safe characters
     */
    public IssuedCertificate issue(Path caDir, String nodeName, List<String> ipAddresses, List<String> dnsNames,
                                   Duration validity, Path out, char[] password) {
        return issue(caDir, Purpose.MEMBER, nodeName, ipAddresses, dnsNames, validity, out, password);
    }

    /**
     * Issues a certificate for {@code purpose}, as {@link #issue(Path, String, List, List, Duration, Path, char[])}
     * does; a server's file holds its key with the chain [server, CA] (alias {@value #SERVER_ALIAS}) and no trusted
     * entry, and its certificate allows server authentication only.
     *
     * @param out the file to write, or null for {@link #defaultFile}
     */
    public IssuedCertificate issue(Path caDir, Purpose purpose, String nodeName, List<String> ipAddresses,
                                   List<String> dnsNames, Duration validity, Path out, char[] password) {
        requireName("node name", nodeName);
        requirePositive(validity);
        AltNames names = altNames(nodeName, ipAddresses, dnsNames);
        requirePassword(password);
        CaKey ca = loadCa(caDir);
        Instant now = clock.instant();
        if (!now.isBefore(ca.certificate.getNotAfter().toInstant())) {
            throw new CredentialsException("the cluster CA in " + caDir + " expired on "
                + ca.certificate.getNotAfter().toInstant() + ": create a new one with cluster:init-ca --force");
        }
        Instant notAfter = min(now.plus(validity), ca.certificate.getNotAfter().toInstant());
        Path file = out == null ? defaultFile(caDir, nodeName, purpose) : out;
        boolean generated = password == null;
        char[] filePassword = generated ? password(24) : password;
        try {
            KeyPair keys = newKeyPair();
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(ca.certificate, serial(),
                Date.from(now.minus(CLOCK_SKEW)), Date.from(notAfter), subject(nodeName, purpose), keys.getPublic());
            addLeafExtensions(builder, purpose, names, keys);
            builder.addExtension(Extension.authorityKeyIdentifier, false,
                new JcaX509ExtensionUtils().createAuthorityKeyIdentifier(ca.certificate));
            X509Certificate certificate = sign(builder, ca.key);

            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry(purpose == Purpose.SERVER ? SERVER_ALIAS : NODE_ALIAS, keys.getPrivate(), filePassword,
                new Certificate[] {certificate, ca.certificate});
            if (purpose == Purpose.MEMBER) {
                store.setCertificateEntry(CA_ALIAS, ca.certificate);
            }
            writeKeystore(file, store, filePassword);
            return new IssuedCertificate(file, certificate.getSubjectX500Principal().toString(), names.described(),
                Pkcs12.fingerprint(certificate), notAfter,
                generated ? Optional.of(new String(filePassword)) : Optional.empty());
        } catch (IOException e) {
            throw new CredentialsException("cannot write the certificate to " + file + ": " + e, e);
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("the JDK cannot make an EC P-256 key or certificate: " + e, e);
        }
    }

    /**
     * Makes a self-signed server certificate (server authentication only) with a new EC P-256 key, for a node that
     * has no certificate of its cluster's CA: {@code file} holds the key and the certificate (alias
     * {@value #SERVER_ALIAS}) under a new random password, written to {@link ServerCertificates#passwordFile} (both
     * owner-only); the certificate alone goes to {@link ServerCertificates#certificateFile} (PEM), for clients to
     * trust.
     */
    public IssuedCertificate selfSigned(Path file, String nodeName, List<String> ipAddresses, List<String> dnsNames,
                                        Duration validity) {
        requireName("node name", nodeName);
        requirePositive(validity);
        AltNames names = altNames(nodeName, ipAddresses, dnsNames);
        Instant now = clock.instant();
        Instant notAfter = now.plus(validity);
        char[] password = password(24);
        try {
            KeyPair keys = newKeyPair();
            X500Principal subject = subject(nodeName, Purpose.SERVER);
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(subject, serial(),
                Date.from(now.minus(CLOCK_SKEW)), Date.from(notAfter), subject, keys.getPublic());
            addLeafExtensions(builder, Purpose.SERVER, names, keys);
            X509Certificate certificate = sign(builder, keys.getPrivate());
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry(SERVER_ALIAS, keys.getPrivate(), password, new Certificate[] {certificate});
            // the password first: a keystore without its password file would be a key nobody can open
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Pkcs12.writeSecret(ServerCertificates.passwordFile(file), new String(password).getBytes(StandardCharsets.UTF_8));
            writeKeystore(file, store, password);
            Files.writeString(ServerCertificates.certificateFile(file), Pkcs12.pem(certificate),
                StandardCharsets.US_ASCII);
            return new IssuedCertificate(file, certificate.getSubjectX500Principal().toString(), names.described(),
                Pkcs12.fingerprint(certificate), notAfter, Optional.of(new String(password)));
        } catch (IOException e) {
            throw new CredentialsException("cannot write the certificate to " + file + ": " + e, e);
        } catch (GeneralSecurityException | OperatorCreationException e) {
            throw new IllegalStateException("the JDK cannot make an EC P-256 key or certificate: " + e, e);
        }
    }

    private record AltNames(List<GeneralName> names, List<String> described) {
    }

    /** The node name, {@code ipAddresses} and {@code dnsNames} as subject alternative names, each checked. */
    private static AltNames altNames(String nodeName, List<String> ipAddresses, List<String> dnsNames) {
        List<GeneralName> altNames = new ArrayList<>();
        List<String> described = new ArrayList<>();
        for (String ip : new LinkedHashSet<>(ipAddresses)) {
            InetAddress address = IpLiterals.parse(ip).orElseThrow(() -> new IllegalArgumentException("IP address '"
                + ip + "': expected an IPv4 or IPv6 literal such as 10.0.0.5 or 2001:db8::5"));
            altNames.add(new GeneralName(GeneralName.iPAddress, address.getHostAddress()));
            described.add("IP:" + address.getHostAddress());
        }
        Set<String> dns = new LinkedHashSet<>();
        dns.add(nodeName);
        dns.addAll(dnsNames);
        for (String name : dns) {
            if (!DNS_NAME.matcher(name).matches()) {
                throw new IllegalArgumentException("DNS name '" + name + "': expected a host name of letters, digits"
                    + " and '-' in dot-separated labels of 1-63 characters (such as node1.example.net)");
            }
            altNames.add(new GeneralName(GeneralName.dNSName, name));
            described.add("DNS:" + name);
        }
        return new AltNames(altNames, described);
    }

    private static X500Principal subject(String nodeName, Purpose purpose) {
        return new X500Principal("CN=" + nodeName + (purpose == Purpose.SERVER ? ", OU=management API" : "")
            + ", O=Vireo");
    }

    private static void addLeafExtensions(X509v3CertificateBuilder builder, Purpose purpose, AltNames names,
                                          KeyPair keys) throws IOException, GeneralSecurityException {
        builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
        // EC keys sign (ECDSA) and agree (ECDH); they never encipher keys as RSA keys do
        builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyAgreement));
        KeyPurposeId[] purposes = purpose == Purpose.SERVER ? new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth}
            : new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth};
        builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(purposes));
        builder.addExtension(Extension.subjectAlternativeName, false,
            new GeneralNames(names.names().toArray(GeneralName[]::new)));
        builder.addExtension(Extension.subjectKeyIdentifier, false,
            new JcaX509ExtensionUtils().createSubjectKeyIdentifier(keys.getPublic()));
    }

    private static void writeKeystore(Path file, KeyStore store, char[] password) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Pkcs12.writeSecret(file, store, password);
    }

    private static void requirePassword(char[] password) {
        if (password != null && password.length == 0) {
            throw new IllegalArgumentException("password is empty: expected a password, or none to generate one");
        }
    }

    private record CaKey(PrivateKey key, X509Certificate certificate) {
    }

    private static CaKey loadCa(Path caDir) {
        Path keystore = caDir.resolve(CA_KEYSTORE);
        Path passwordFile = caDir.resolve(CA_PASSWORD);
        if (!Files.exists(keystore) || !Files.exists(passwordFile)) {
            throw new CredentialsException("no cluster CA in " + caDir + ": expected " + CA_KEYSTORE + " and "
                + CA_PASSWORD + " there; create them with cluster:init-ca");
        }
        char[] password;
        try {
            password = Files.readString(passwordFile, StandardCharsets.UTF_8).strip().toCharArray();
        } catch (IOException e) {
            throw new CredentialsException("cannot read " + passwordFile + ": " + e, e);
        }
        KeyStore store = Pkcs12.load(keystore, password, "cluster CA keystore");
        try {
            if (!store.isKeyEntry(CA_ALIAS) || !(store.getCertificate(CA_ALIAS) instanceof X509Certificate cert)) {
                throw new CredentialsException("cluster CA keystore " + keystore + " holds no key entry '" + CA_ALIAS
                    + "': expected the file made by cluster:init-ca");
            }
            return new CaKey((PrivateKey) store.getKey(CA_ALIAS, password), cert);
        } catch (GeneralSecurityException e) {
            throw new CredentialsException("cannot read the CA key in " + keystore + " with the password in "
                + passwordFile + ": " + e.getMessage(), e);
        }
    }

    private KeyPair newKeyPair() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"), random);
        return generator.generateKeyPair();
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, PrivateKey key)
        throws OperatorCreationException, GeneralSecurityException {
        return new JcaX509CertificateConverter().getCertificate(builder.build(new JcaContentSignerBuilder(SIGNATURE)
            .build(key)));
    }

    /** 128 random bits, positive (RFC 5280 asks for at most 20 octets, positive, unpredictable). */
    private BigInteger serial() {
        byte[] bytes = new byte[16];
        random.nextBytes(bytes);
        return new BigInteger(1, bytes);
    }

    private char[] password(int length) {
        char[] chars = new char[length];
        for (int i = 0; i < length; i++) {
            chars[i] = URL_SAFE.charAt(random.nextInt(URL_SAFE.length()));
        }
        return chars;
    }

    private static void requireName(String what, String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(what + " '" + name + "': expected 1-63 letters, digits, '.', '_' or '-'");
        }
    }

    private static void requirePositive(Duration validity) {
        if (validity.isNegative() || validity.isZero()) {
            throw new IllegalArgumentException("validity " + validity + ": expected a positive duration (days)");
        }
    }

    private static Instant min(Instant a, Instant b) {
        return a.isBefore(b) ? a : b;
    }
}
