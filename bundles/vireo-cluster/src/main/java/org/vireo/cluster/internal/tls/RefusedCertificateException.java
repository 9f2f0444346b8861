package org.vireo.cluster.internal.tls;

import java.security.cert.CertificateException;

/**
 * A peer certificate the trust manager refused and reported already. It keeps the JDK's message and cause, from
 * which the JDK picks the TLS alert it sends (such as certificate_expired).
 */
final class RefusedCertificateException extends CertificateException {

    private static final long serialVersionUID = 1L;

    RefusedCertificateException(Exception refusal) {
        super(refusal.getMessage(), refusal.getCause() != null ? refusal.getCause() : refusal);
    }
}
