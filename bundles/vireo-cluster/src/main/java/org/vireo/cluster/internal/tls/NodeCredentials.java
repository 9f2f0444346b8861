package org.vireo.cluster.internal.tls;

import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.function.BiConsumer;

import javax.net.ServerSocketFactory;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * A node's TLS identity, read and checked once: its key and certificate chain, and the cluster CA it trusts. The
 * {@link #sslContext()} speaks TLS 1.3 only, trusts only the CA certificates of the truststore (not the end-entity
 * certificates a PKCS12 file also holds) and reports every refused peer. Host names are not checked: membership is
 * decided by the dedicated cluster CA alone.
 */
public final class NodeCredentials {

    private static final String TLS_13 = "TLSv1.3";

    private final X509Certificate certificate;
    private final List<X509Certificate> trustedCas;
    private final SSLContext sslContext;
    private final BiConsumer<String, String> refusals;

    private NodeCredentials(X509Certificate certificate, List<X509Certificate> trustedCas, SSLContext sslContext,
                            BiConsumer<String, String> refusals) {
        this.certificate = certificate;
        this.trustedCas = List.copyOf(trustedCas);
        this.sslContext = sslContext;
        this.refusals = refusals;
    }

    /** {@link #load(Path, char[], Path, char[], BiConsumer, Clock)} at the system's time. */
    public static NodeCredentials load(Path keystore, char[] password, Path truststore, char[] truststorePassword,
                                       BiConsumer<String, String> refusals) {
        return load(keystore, password, truststore, truststorePassword, refusals, Clock.systemUTC());
    }

    /**
     * Reads the node's credentials.
     *
     * @param truststore         the file holding the trusted CA, or null: the keystore (a file made by cluster:issue-cert
     *                           is both)
     * @param truststorePassword null: {@code password}
     * @param refusals           told (peer address and subject, reason) of every peer refused: its certificate by
     *                           either side, and at the {@link #serverSockets cluster port} any failed handshake
     * @param clock              to check that this node's own certificate is valid now
     * @throws CredentialsException naming the file, what is wrong and what is expected
     */
    public static NodeCredentials load(Path keystore, char[] password, Path truststore, char[] truststorePassword,
                                       BiConsumer<String, String> refusals, Clock clock) {
        Path trustFile = truststore == null ? keystore : truststore;
        char[] trustPassword = truststorePassword == null ? password : truststorePassword;
        KeyStore keys = Pkcs12.load(keystore, password, "keystore");
        KeyStore trust = trustFile.equals(keystore) && trustPassword == password ? keys
            : Pkcs12.load(trustFile, trustPassword, "truststore");
        try {
            KeyStore ownKey = ownKey(keystore, keys, password, clock);
            List<X509Certificate> cas = trustedCas(trustFile, trust);

            KeyManagerFactory kmf = KeyManagerFactory.getInstance("PKIX");
            kmf.init(ownKey, password);
            KeyStore anchors = KeyStore.getInstance("PKCS12");
            anchors.load(null, null);
            for (int i = 0; i < cas.size(); i++) {
                anchors.setCertificateEntry("ca-" + i, cas.get(i));
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
            tmf.init(anchors);
            X509ExtendedTrustManager pkix = null;
            for (TrustManager tm : tmf.getTrustManagers()) {
                if (tm instanceof X509ExtendedTrustManager x) {
                    pkix = x;
                }
            }
            if (pkix == null) {
                throw new IllegalStateException("the JDK offers no X509ExtendedTrustManager for PKIX");
            }
            SSLContext context = SSLContext.getInstance(TLS_13);
            context.init(kmf.getKeyManagers(),
                new TrustManager[] {new RefusalReportingTrustManager(pkix, cas, refusals, clock)}, null);
            X509Certificate own = (X509Certificate) ownKey.getCertificate(ClusterCa.NODE_ALIAS);
            return new NodeCredentials(own, cas, context, refusals);
        } catch (GeneralSecurityException | java.io.IOException e) {
            throw new CredentialsException("cannot set up TLS from keystore " + keystore + " and truststore " + trustFile
                + ": " + e.getMessage(), e);
        }
    }

    /** A key store with just the node's key entry, so the key manager can never pick another key. */
    private static KeyStore ownKey(Path file, KeyStore keys, char[] password, Clock clock)
        throws GeneralSecurityException, java.io.IOException {
        String alias = null;
        for (String a : Collections.list(keys.aliases())) {
            if (keys.isKeyEntry(a) && (alias == null || ClusterCa.NODE_ALIAS.equals(a))) {
                alias = a;
            }
        }
        if (alias == null) {
            throw new CredentialsException("keystore " + file + " holds no private key entry: expected the node's key"
                + " and certificate, as in the file made by cluster:issue-cert");
        }
        Key key;
        try {
            key = keys.getKey(alias, password);
        } catch (java.security.UnrecoverableKeyException e) {
            throw new CredentialsException("keystore " + file + ": the key '" + alias + "' cannot be read with the"
                + " keystore password: expected a file whose key has the same password (as cluster:issue-cert makes)", e);
        }
        Certificate[] chain = keys.getCertificateChain(alias);
        if (!(key instanceof PrivateKey privateKey) || chain == null || !(chain[0] instanceof X509Certificate own)) {
            throw new CredentialsException("keystore " + file + ": entry '" + alias + "' is not a private key with an"
                + " X.509 certificate chain: expected the file made by cluster:issue-cert");
        }
        Date now = Date.from(clock.instant());
        try {
            own.checkValidity(now);
        } catch (CertificateExpiredException e) {
            throw new CredentialsException("keystore " + file + ": this node's certificate (" + own.getSubjectX500Principal()
                + ") expired on " + own.getNotAfter().toInstant() + ": expected a valid one; issue a new one with"
                + " cluster:issue-cert on the CA node and copy it to " + file, e);
        } catch (CertificateNotYetValidException e) {
            throw new CredentialsException("keystore " + file + ": this node's certificate (" + own.getSubjectX500Principal()
                + ") is not valid before " + own.getNotBefore().toInstant() + ": check this node's clock", e);
        }
        KeyStore single = KeyStore.getInstance("PKCS12");
        single.load(null, null);
        single.setKeyEntry(ClusterCa.NODE_ALIAS, privateKey, password, chain);
        return single;
    }

    private static List<X509Certificate> trustedCas(Path file, KeyStore trust) throws GeneralSecurityException {
        List<X509Certificate> cas = new ArrayList<>();
        for (String alias : Collections.list(trust.aliases())) {
            if (trust.isCertificateEntry(alias) && trust.getCertificate(alias) instanceof X509Certificate c
                && c.getBasicConstraints() >= 0) {
                cas.add(c);
            }
        }
        if (cas.isEmpty()) {
            throw new CredentialsException("truststore " + file + " holds no trusted CA certificate entry: expected the"
                + " cluster CA, as in the file made by cluster:issue-cert");
        }
        return cas;
    }

    /** The TLS 1.3 context: this node's key, the cluster CA as the only trust anchor, refusals reported. */
    public SSLContext sslContext() {
        return sslContext;
    }

    /**
     * Server sockets for the cluster port: each connection is handed out once its TLS 1.3 handshake, with a client
     * certificate required, completed within {@code handshakeMillis}; one that fails (no certificate, refused
     * certificate, no TLS, too slow) is reported to the refusals listener with its address and closed.
     */
    public ServerSocketFactory serverSockets(int handshakeMillis) {
        SSLParameters parameters = new SSLParameters();
        parameters.setProtocols(new String[] {TLS_13});
        parameters.setNeedClientAuth(true);
        return new HandshakingServerSocket.Factory(sslContext.getSocketFactory(), parameters, handshakeMillis,
            refusals);
    }

    public X509Certificate certificate() {
        return certificate;
    }

    public String subject() {
        return certificate.getSubjectX500Principal().toString();
    }

    public Instant notAfter() {
        return certificate.getNotAfter().toInstant();
    }

    public String fingerprint() {
        return Pkcs12.fingerprint(certificate);
    }

    public List<X509Certificate> trustedCas() {
        return trustedCas;
    }
}
