package org.vireo.notify.internal;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.List;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The certificates a sink's TLS peer must chain to: the JVM's trusted CAs, or those of a PEM file ({@code caFile}).
 * Verification is never off; the peer's host name is checked either way.
 */
public final class Trust {

    private Trust() {
    }

    /** The certificates of a PEM file; an empty name is none (the JVM's CAs); a bad file is told to {@code errors}. */
    public static List<X509Certificate> certificates(String key, String file, List<String> errors) {
        if (file.isEmpty()) {
            return List.of();
        }
        Path path = Path.of(file);
        if (!path.isAbsolute()) {
            errors.add(key + " = '" + file + "': expected the absolute path of a PEM file");
            return List.of();
        }
        try (InputStream in = Files.newInputStream(path)) {
            List<X509Certificate> certificates = CertificateFactory.getInstance("X.509").generateCertificates(in)
                .stream().map(X509Certificate.class::cast).toList();
            if (certificates.isEmpty()) {
                errors.add(key + " = '" + file + "': it holds no certificate (expected PEM)");
            }
            return certificates;
        } catch (IOException | CertificateException e) {
            errors.add(key + " = '" + file + "': cannot read its certificates: " + e.getMessage());
            return List.of();
        }
    }

    /** TLS that trusts {@code trusted} only, or the JVM's CAs when it is empty. */
    public static SSLContext context(List<X509Certificate> trusted) {
        try {
            if (trusted.isEmpty()) {
                return SSLContext.getDefault();
            }
            KeyStore anchors = KeyStore.getInstance(KeyStore.getDefaultType());
            anchors.load(null, null);
            for (int i = 0; i < trusted.size(); i++) {
                anchors.setCertificateEntry("ca-" + i, trusted.get(i));
            }
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(anchors);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, trust.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("cannot make a trust store of the configured certificates: " + e, e);
        }
    }
}
