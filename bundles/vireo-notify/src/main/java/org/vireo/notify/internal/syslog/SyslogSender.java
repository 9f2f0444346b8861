package org.vireo.notify.internal.syslog;

import java.io.IOException;
import java.io.OutputStream;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

import org.vireo.events.NodeEvent;
import org.vireo.notify.internal.Retries;
import org.vireo.notify.internal.Retries.Attempt;
import org.vireo.notify.internal.Sender;
import org.vireo.notify.internal.Trust;

/**
 * A syslog sink's sending: over UDP one datagram per event (RFC 5426: fire and forget, as syslog over UDP is); over
 * TCP or TLS one kept connection, each message framed by its length (RFC 6587's octet counting, RFC 5425), made anew
 * and retried when it breaks. A write that the collector does not take within the timeout closes the connection (Java
 * sockets have no write timeout: a timer closes it), so a stuck collector holds the sink up only that long.
 */
final class SyslogSender implements Sender {

    private final SyslogOptions options;
    private final long procId = ProcessHandle.current().pid();
    /** Made at the first connection, ended with the sender. */
    private ScheduledExecutorService watchdog;
    private DatagramSocket datagrams;
    private Socket stream;

    SyslogSender(SyslogOptions options) {
        this.options = options;
    }

    @Override
    public String target() {
        return options.transport().name().toLowerCase(Locale.ROOT) + "://" + options.host() + ":" + options.port();
    }

    @Override
    public Outcome send(NodeEvent event, String node, BooleanSupplier stopping) {
        String hostname = options.hostname().isEmpty() ? node : options.hostname();
        byte[] message = SyslogMessage.bytes(SyslogMessage.format(event, options.facility(), hostname, procId,
            options.sdId()), options.maxMessageBytes());
        if (options.transport() == SyslogOptions.Transport.UDP) {
            return udp(message);
        }
        return Retries.run(options.retries(), options.retryDelayMillis(), stopping, () -> stream(message));
    }

    private Outcome udp(byte[] message) {
        try {
            if (datagrams == null) {
                datagrams = new DatagramSocket();
            }
            datagrams.send(new DatagramPacket(message, message.length,
                new InetSocketAddress(options.host(), options.port())));
            return new Outcome(true, "sent " + message.length + " bytes over UDP");
        } catch (IOException | IllegalArgumentException e) {
            return new Outcome(false, "failed: " + e); // an unresolved host, no route
        }
    }

    /** One attempt over TCP or TLS: the length, a space, the message; a new connection if there is none. */
    private Attempt stream(byte[] message) {
        ScheduledFuture<?> cut = null;
        try {
            if (stream == null) {
                stream = connect();
            }
            if (watchdog == null) {
                watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "vireo-syslog-" + options.name() + "-watchdog");
                    t.setDaemon(true);
                    return t;
                });
            }
            Socket s = stream;
            cut = watchdog.schedule(() -> closeQuietly(s), options.timeoutMillis(), TimeUnit.MILLISECONDS);
            OutputStream out = s.getOutputStream();
            out.write((message.length + " ").getBytes(StandardCharsets.US_ASCII));
            out.write(message);
            out.flush();
            return Attempt.done("sent " + message.length + " bytes over " + options.transport());
        } catch (IOException e) {
            closeQuietly(stream);
            stream = null;
            return Attempt.retryable("failed: " + e.getClass().getSimpleName() + ": " + e.getMessage());
        } finally {
            if (cut != null) {
                cut.cancel(false);
            }
        }
    }

    private Socket connect() throws IOException {
        InetSocketAddress address = new InetSocketAddress(options.host(), options.port());
        int timeout = (int) options.timeoutMillis();
        if (options.transport() == SyslogOptions.Transport.TCP) {
            Socket s = new Socket();
            s.connect(address, timeout);
            return s;
        }
        Socket plain = new Socket();
        plain.connect(address, timeout);
        SSLSocket tls = (SSLSocket) Trust.context(options.trusted()).getSocketFactory()
            .createSocket(plain, options.host(), options.port(), true);
        SSLParameters parameters = tls.getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS"); // the certificate must name the host
        tls.setSSLParameters(parameters);
        tls.setSoTimeout(timeout);
        tls.startHandshake();
        return tls;
    }

    private static void closeQuietly(Socket s) {
        if (s != null) {
            try {
                s.close();
            } catch (IOException e) {
                // closing a broken connection: nothing to add
            }
        }
    }

    @Override
    public void close() {
        closeQuietly(stream);
        if (datagrams != null) {
            datagrams.close();
        }
        if (watchdog != null) {
            watchdog.shutdownNow();
        }
    }
}
