package org.vireo.health.internal.monitor;

import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.nio.channels.UnresolvedAddressException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import javax.net.ssl.SSLException;

/** Says what a failed connection saw, in the operator's words ("connection refused", "no such host"). */
final class Failures {

    private Failures() {
    }

    static String describe(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        for (Throwable c = t; c != null; c = c.getCause()) { // HttpClient wraps the socket's exception
            if (c instanceof UnknownHostException || c instanceof UnresolvedAddressException) {
                return "no such host";
            }
            if (c instanceof NoRouteToHostException) {
                return "no route to host";
            }
            if (c instanceof SSLException) {
                return "TLS: " + certificateProblem(c).orElse(c.getMessage());
            }
            if (c instanceof ConnectException && (c.getMessage() == null
                || c.getMessage().toLowerCase(Locale.ROOT).contains("refused"))) {
                return "connection refused";
            }
        }
        String message = t.getMessage();
        return message == null || message.isBlank() ? t.getClass().getSimpleName()
            : message.substring(0, 1).toLowerCase(Locale.ROOT) + message.substring(1);
    }

    /**
     * What is wrong with the server's certificate, in words, where the handshake failed on it: the JDK says "PKIX path
     * building failed: sun.security.provider.certpath.SunCertPathBuilderException: ..." for a certificate no trusted
     * CA issued.
     */
    private static Optional<String> certificateProblem(Throwable handshake) {
        for (Throwable c = handshake; c != null; c = c.getCause()) {
            if (c instanceof CertPathBuilderException) {
                return Optional.of("the server's certificate is not trusted: no certification path from it to a"
                    + " trusted CA (self-signed or privately issued? tlsVerify = false accepts it)");
            }
            if (c instanceof CertificateExpiredException) {
                return Optional.of("the server's certificate has expired (" + c.getMessage() + ")");
            }
            if (c instanceof CertificateNotYetValidException) {
                return Optional.of("the server's certificate is not valid yet (" + c.getMessage() + ")");
            }
            if (c instanceof CertificateException && String.valueOf(c.getMessage()).contains("matching")) {
                return Optional.of("the server's certificate does not name the host of the URL (" + c.getMessage()
                    + ")");
            }
        }
        return Optional.empty();
    }
}
