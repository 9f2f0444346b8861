package org.vireo.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The keys and certificates of the management API's HTTPS, made and read where the cluster's certificate authority
 * is (vireo-cluster offers this service; cluster:issue-cert --api issues them from the cluster CA); a node with none
 * makes its own self-signed one.
 */
public interface ServerCertificates {

    /**
     * Makes a new EC P-256 key and a self-signed certificate for server authentication (CN=node, the node name,
     * {@code ipAddresses} and {@code dnsNames} as subject alternative names), and writes the PKCS12 file
     * {@code keystore} with a new random password, that password in {@link #passwordFile} (both owner-only) and the
     * certificate as PEM in {@link #certificateFile}, for clients to trust.
     *
     * @throws IllegalArgumentException a bad name or address (the message says what is accepted)
     * @throws RuntimeException         the files cannot be written (the message names the file)
     */
    ServerCertificate selfSigned(Path keystore, String nodeName, List<String> ipAddresses, List<String> dnsNames,
                                 Duration validity);

    /**
     * The certificate of the key entry in the PKCS12 file {@code keystore}.
     *
     * @throws RuntimeException the file cannot be read with the password, or holds no key: the message says which
     */
    ServerCertificate read(Path keystore, char[] password);

    /** {@code server.p12} -> {@code server.password}, beside it. */
    static Path passwordFile(Path keystore) {
        return sibling(keystore, ".password");
    }

    /** {@code server.p12} -> {@code server.crt} (PEM), beside it. */
    static Path certificateFile(Path keystore) {
        return sibling(keystore, ".crt");
    }

    private static Path sibling(Path keystore, String extension) {
        String name = keystore.getFileName().toString();
        return keystore.resolveSibling((name.endsWith(".p12") ? name.substring(0, name.length() - 4) : name)
            + extension);
    }
}
