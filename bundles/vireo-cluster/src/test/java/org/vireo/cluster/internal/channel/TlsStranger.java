package org.vireo.cluster.internal.channel;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;

import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * A client that is not a member knocking on a member's cluster port: the plain JDK TLS client (trusting the cluster CA,
 * so that only the member's side can refuse), with no certificate or with one of its own, or no TLS at all. It reports
 * nothing itself; the member's refusal is what the tests look at.
 */
final class TlsStranger {

    private static final int TIMEOUT_MILLIS = 10_000;

    private final SSLContext context;

    private TlsStranger(SSLContext context) {
        this.context = context;
    }

    /** Presents no certificate. */
    static TlsStranger withoutCertificate(Path clusterCaPem) throws IOException, GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLSv1.3");
        context.init(null, trusting(clusterCaPem).getTrustManagers(), null);
        return new TlsStranger(context);
    }

    /** Presents the key entry of a PKCS12 file (a node file, or a CA's own self-signed certificate). */
    static TlsStranger withKey(Path pkcs12, char[] password, Path clusterCaPem) throws IOException,
        GeneralSecurityException {
        KeyStore keys = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(pkcs12)) {
            keys.load(in, password);
        }
        KeyManagerFactory kmf = KeyManagerFactory.getInstance("PKIX");
        kmf.init(keys, password);
        SSLContext context = SSLContext.getInstance("TLSv1.3");
        context.init(kmf.getKeyManagers(), trusting(clusterCaPem).getTrustManagers(), null);
        return new TlsStranger(context);
    }

    /** The password of the CA keystore in {@code caDir}, to present the CA's self-signed certificate. */
    static char[] caPassword(Path caDir) throws IOException {
        return Files.readString(caDir.resolve("ca.password"), StandardCharsets.UTF_8).trim().toCharArray();
    }

    /**
     * Connects, shakes hands and tries one exchange (TLS 1.3 tells a client of its refusal only on I/O).
     *
     * @return this client's local port, by which the member's refusal names it
     */
    int knock(int port) throws IOException {
        try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket(InetAddress.getLoopbackAddress(),
            port)) {
            socket.setSoTimeout(TIMEOUT_MILLIS);
            int local = socket.getLocalPort();
            try {
                socket.startHandshake();
                socket.getOutputStream().write(new byte[] {1, 2, 3, 4});
                socket.getInputStream().read();
            } catch (IOException refused) {
                // expected: the member closes the connection
            }
            return local;
        }
    }

    /** Connects and sends an HTTP request instead of a TLS ClientHello; returns the local port. */
    static int knockInPlaintext(int port) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(TIMEOUT_MILLIS);
            socket.getOutputStream().write("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            try {
                socket.getInputStream().readAllBytes();
            } catch (IOException refused) {
                // expected: the member closes the connection
            }
            return socket.getLocalPort();
        }
    }

    private static TrustManagerFactory trusting(Path pem) throws IOException, GeneralSecurityException {
        KeyStore anchors = KeyStore.getInstance("PKCS12");
        anchors.load(null, null);
        try (InputStream in = Files.newInputStream(pem)) {
            anchors.setCertificateEntry("ca", CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tmf = TrustManagerFactory.getInstance("PKIX");
        tmf.init(anchors);
        return tmf;
    }
}
