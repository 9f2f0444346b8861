package org.vireo.cluster.internal.tls;

import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.function.BiConsumer;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * The JDK's PKIX trust manager (trusting only the cluster CA, checking validity dates), wrapped so that every peer it
 * refuses is reported with its address and certificate subject, and a reason an operator can act on. Without it a
 * refused member shows only as "Socket is closed" on the refusing side (see STACK.md).
 */
final class RefusalReportingTrustManager extends X509ExtendedTrustManager {

    private final X509ExtendedTrustManager delegate;
    private final List<X509Certificate> trustedCas;
    private final BiConsumer<String, String> refusals;
    private final Clock clock;

    RefusalReportingTrustManager(X509ExtendedTrustManager delegate, List<X509Certificate> trustedCas,
                                 BiConsumer<String, String> refusals, Clock clock) {
        this.delegate = delegate;
        this.trustedCas = List.copyOf(trustedCas);
        this.refusals = refusals;
        this.clock = clock;
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        try {
            delegate.checkClientTrusted(chain, authType, socket);
        } catch (CertificateException | IllegalArgumentException e) {
            throw report(address(socket), chain, e);
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        try {
            delegate.checkServerTrusted(chain, authType, socket);
        } catch (CertificateException | IllegalArgumentException e) {
            throw report(address(socket), chain, e);
        }
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
        try {
            delegate.checkClientTrusted(chain, authType, engine);
        } catch (CertificateException | IllegalArgumentException e) {
            throw report(address(engine), chain, e);
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
        try {
            delegate.checkServerTrusted(chain, authType, engine);
        } catch (CertificateException | IllegalArgumentException e) {
            throw report(address(engine), chain, e);
        }
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        try {
            delegate.checkClientTrusted(chain, authType);
        } catch (CertificateException | IllegalArgumentException e) {
            throw report("unknown address", chain, e);
        }
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        try {
            delegate.checkServerTrusted(chain, authType);
        } catch (CertificateException | IllegalArgumentException e) {
            throw report("unknown address", chain, e);
        }
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return delegate.getAcceptedIssuers();
    }

    private RefusedCertificateException report(String address, X509Certificate[] chain, Exception e) {
        boolean none = chain == null || chain.length == 0;
        String peer = none ? address : address + " (" + chain[0].getSubjectX500Principal() + ")";
        String reason = none ? "no certificate" : reason(chain[0], e);
        try {
            refusals.accept(peer, reason);
        } catch (RuntimeException listenerFailure) {
            e.addSuppressed(listenerFailure); // a faulty listener must not turn a refusal into something else
        }
        return new RefusedCertificateException(e);
    }

    /** Why the peer's certificate was refused, most useful explanation first. */
    private String reason(X509Certificate certificate, Exception e) {
        String subject = "certificate of " + certificate.getSubjectX500Principal();
        Instant now = clock.instant();
        if (now.isAfter(certificate.getNotAfter().toInstant())) {
            return subject + " expired on " + certificate.getNotAfter().toInstant();
        }
        if (now.isBefore(certificate.getNotBefore().toInstant())) {
            return subject + " is not valid before " + certificate.getNotBefore().toInstant()
                + " (check the clocks of both nodes)";
        }
        if (!signedByTrustedCa(certificate)) {
            boolean sameName = trustedCas.stream()
                .anyMatch(ca -> ca.getSubjectX500Principal().equals(certificate.getIssuerX500Principal()));
            return subject + " is not signed by this cluster's CA (its issuer is "
                + certificate.getIssuerX500Principal() + (sameName ? ", a CA of the same name but another key: made"
                + " again with --force, or another cluster's" : "") + ")";
        }
        return subject + " was refused: " + e.getMessage();
    }

    private boolean signedByTrustedCa(X509Certificate certificate) {
        for (X509Certificate ca : trustedCas) {
            if (ca.getSubjectX500Principal().equals(certificate.getIssuerX500Principal())) {
                try {
                    certificate.verify(ca.getPublicKey());
                    return true;
                } catch (GeneralSecurityException e) {
                    // same name, other key: a CA made again with --force, or another cluster's CA of the same name
                }
            }
        }
        return false;
    }

    private static String address(Socket socket) {
        return address(socket == null ? null : socket.getRemoteSocketAddress());
    }

    /** A peer as refusals name it: its IP address and port. */
    static String address(SocketAddress remote) {
        if (remote instanceof InetSocketAddress inet && inet.getAddress() != null) {
            return inet.getAddress().getHostAddress() + ":" + inet.getPort();
        }
        return remote == null ? "unknown address" : remote.toString();
    }

    private static String address(SSLEngine engine) {
        return engine == null || engine.getPeerHost() == null ? "unknown address"
            : engine.getPeerHost() + ":" + engine.getPeerPort();
    }
}
