package org.vireo.api;

import java.time.Instant;
import java.util.List;

/**
 * The certificate a server of this node presents (the management API's HTTPS), as an operator checks it.
 *
 * @param subjectAltNames {@code IP:10.0.0.5}, {@code DNS:node1}, as openssl prints them
 * @param fingerprint     SHA-256 of the DER certificate, {@code AB:CD:...} as openssl prints it
 * @param selfSigned      issued by itself (made by the node), not by a CA
 * @param serverAuth      it may authenticate a TLS server (its extended key usage allows it, or it has none)
 */
public record ServerCertificate(String subject, String issuer, List<String> subjectAltNames, String fingerprint,
                                Instant notBefore, Instant notAfter, boolean selfSigned, boolean serverAuth) {

    public ServerCertificate {
        subjectAltNames = List.copyOf(subjectAltNames);
    }
}
