package org.vireo.cluster.internal.tls;

import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.function.BiConsumer;
import java.util.function.Predicate;

import javax.crypto.BadPaddingException;
import javax.net.ServerSocketFactory;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster port: TCP accepted here, then TLS as the server over it, the handshake completed before the connection
 * is handed out. A peer whose handshake fails is reported (its address and why) and never handed out; accept goes on
 * with the next connection.
 *
 * <p>Why not leave the handshake to the first read, as an {@code SSLServerSocket} does: JGroups reads there, and on
 * failure restores its read timeout on the socket the failed handshake closed, so all it logs is "Socket is closed";
 * and a peer without a certificate, or one that speaks no TLS, never reaches the trust manager, which alone reported
 * refusals. JGroups accepted and read on one thread anyway, so shaking hands there holds up no more than before.
 */
final class HandshakingServerSocket extends ServerSocket {

    private static final Logger LOG = LoggerFactory.getLogger(HandshakingServerSocket.class);
    /** The JDK's message when an encrypted record is shorter than its authentication tag. */
    private static final String SHORT_RECORD = "Insufficient buffer remaining for AEAD cipher fragment";
    /** Causes looked through: enough for the JDK's wrapping, and a cycle must not loop. */
    private static final int MAX_CAUSES = 8;
    /** The JDK's message when a client sends an empty certificate list although one is required. */
    private static final String EMPTY_CLIENT_CHAIN = "Empty client certificate chain";
    /** The JDK's message when the peer ended the handshake with an alert. */
    private static final String PEER_ALERT = "Received fatal alert: ";

    private final Factory settings;

    private HandshakingServerSocket(Factory settings) throws IOException {
        this.settings = settings;
    }

    /** The next connection whose TLS handshake succeeded; those that failed are reported and closed. */
    @Override
    public Socket accept() throws IOException {
        while (true) {
            SSLSocket accepted = handshake(super.accept());
            if (accepted != null) {
                return accepted;
            }
        }
    }

    private SSLSocket handshake(Socket tcp) {
        String peer = RefusalReportingTrustManager.address(tcp.getRemoteSocketAddress());
        try {
            SSLSocket socket = (SSLSocket) settings.tls.createSocket(tcp, null, true); // the server side
            socket.setSSLParameters(settings.parameters);
            socket.setSoTimeout(settings.handshakeMillis);
            socket.startHandshake();
            socket.setSoTimeout(0);
            return socket;
        } catch (IOException e) {
            close(tcp);
            if (peerLeft(e)) {
                LOG.debug("TLS peer {} left during the handshake: {}", peer, e.toString());
            } else if (!anyCause(e, RefusedCertificateException.class::isInstance)) { // told by the trust manager
                report(peer, reason(e));
            }
            return null;
        }
    }

    /**
     * Whether the peer went away mid-handshake rather than being refused: the connection broke or was closed. Members
     * do that in normal operation: when two connect to each other at once, JGroups keeps one connection and closes
     * the other, handshake or not. A JDK client closed before it read this node's reply sends its alert in plaintext,
     * which arrives here as a record too short to be encrypted.
     */
    private static boolean peerLeft(IOException e) {
        return anyCause(e, t -> t instanceof EOFException || t instanceof SocketException
            || t instanceof BadPaddingException && String.valueOf(t.getMessage()).startsWith(SHORT_RECORD));
    }

    /** Whether {@code failure} or one of its causes is {@code wanted} (a handshake failure wraps once or twice). */
    private static boolean anyCause(Throwable failure, Predicate<Throwable> wanted) {
        Throwable t = failure;
        for (int depth = 0; t != null && depth < MAX_CAUSES; depth++, t = t.getCause()) {
            if (wanted.test(t)) {
                return true;
            }
        }
        return false;
    }

    private String reason(IOException e) {
        if (e instanceof SocketTimeoutException) {
            return "no TLS handshake within " + settings.handshakeMillis + " ms";
        }
        String message = String.valueOf(e.getMessage());
        if (message.contains(EMPTY_CLIENT_CHAIN)) {
            return "no certificate (every member presents one issued by this cluster's CA)";
        }
        if (message.startsWith(PEER_ALERT)) {
            String alert = message.substring(PEER_ALERT.length());
            // TLS 1.3: the client checks this node's certificate before it sends its own
            return alert.contains("certificate") || alert.equals("unknown_ca")
                ? "the peer refused this node's certificate (TLS alert " + alert + "): it trusts another CA"
                : "the peer ended the TLS handshake with alert " + alert;
        }
        return "TLS handshake failed: " + message;
    }

    private void report(String peer, String reason) {
        try {
            settings.refusals.accept(peer, reason);
        } catch (RuntimeException listenerFailure) {
            // a faulty listener must not stop the acceptor: the next member must still get in
        }
    }

    /** Makes cluster ports, unbound (JGroups binds them itself) or bound; holds what their handshakes need. */
    static final class Factory extends ServerSocketFactory {

        private final SSLSocketFactory tls;
        private final SSLParameters parameters;
        private final int handshakeMillis;
        private final BiConsumer<String, String> refusals;

        Factory(SSLSocketFactory tls, SSLParameters parameters, int handshakeMillis,
                BiConsumer<String, String> refusals) {
            this.tls = tls;
            this.parameters = parameters;
            this.handshakeMillis = handshakeMillis;
            this.refusals = refusals;
        }

        @Override
        public ServerSocket createServerSocket() throws IOException {
            return new HandshakingServerSocket(this);
        }

        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            return createServerSocket(port, 50, null);
        }

        @Override
        public ServerSocket createServerSocket(int port, int backlog) throws IOException {
            return createServerSocket(port, backlog, null);
        }

        @Override
        public ServerSocket createServerSocket(int port, int backlog, InetAddress address) throws IOException {
            ServerSocket socket = createServerSocket();
            socket.bind(new InetSocketAddress(address, port), backlog);
            return socket;
        }
    }

    private static void close(Socket socket) {
        try {
            socket.close();
        } catch (IOException ignored) {
            // closing a refused connection: nothing left to do
        }
    }
}
