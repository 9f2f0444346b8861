package org.vireo.srv;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.util.Collection;

import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The TLS trust of a client that talks to the cluster's HTTPS login endpoints: the certificates of a PEM file (a
 * private CA, such as the cluster's: {@code cluster:init-ca} writes {@code ca.crt}) instead of the JDK's public ones.
 */
public final class TrustedCertificates {

    private TrustedCertificates() {
    }

    /**
     * An SSL context that trusts exactly the certificates in {@code pem} (one or more {@code BEGIN CERTIFICATE}
     * blocks); host names are still checked by the HTTP client.
     *
     * @throws IllegalArgumentException naming the file and what is wrong with it
     */
    public static SSLContext fromPem(Path pem) {
        Collection<? extends Certificate> certificates;
        try (InputStream in = Files.newInputStream(pem)) {
            certificates = CertificateFactory.getInstance("X.509").generateCertificates(in);
        } catch (IOException e) {
            throw new IllegalArgumentException("trust file " + pem + ": cannot be read (" + e.getMessage() + ")", e);
        } catch (CertificateException e) {
            throw new IllegalArgumentException("trust file " + pem + ": expected PEM certificates (" + e.getMessage()
                + ")", e);
        }
        if (certificates.isEmpty()) {
            throw new IllegalArgumentException("trust file " + pem + ": no certificate in it (expected PEM"
                + " certificates, -----BEGIN CERTIFICATE-----)");
        }
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            int i = 0;
            for (Certificate c : certificates) {
                store.setCertificateEntry("trusted-" + i++, c);
            }
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(store);
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, tmf.getTrustManagers(), null);
            return context;
        } catch (GeneralSecurityException | IOException e) {
            throw new IllegalStateException("TLS trust from " + pem + ": " + e.getMessage(), e);
        }
    }
}
