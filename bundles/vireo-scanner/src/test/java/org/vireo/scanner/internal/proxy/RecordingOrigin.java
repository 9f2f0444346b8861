package org.vireo.scanner.internal.proxy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;

import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.HttpRequestDecoder;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;

/**
 * A real origin on 127.0.0.1 that records every byte each connection brings, byte for byte, and whether the proxy
 * closed it. It reads what it receives with Netty's own (lenient) request decoder, as an ordinary server would, and
 * answers each request it reads whole with {@code 200} and the body {@code ok} (or the answer it is given); a request it never reads whole gets
 * no answer. So a test sees exactly what reached the origin: nothing, a prefix the proxy cut off, or complete
 * requests (which {@link Connection#completeRequests()} counts).
 */
final class RecordingOrigin implements AutoCloseable {

    static final String ANSWER = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";

    private final String answer;
    private final ServerSocket server;
    private final List<Connection> connections = new CopyOnWriteArrayList<>();
    private final Thread acceptor;

    RecordingOrigin() throws IOException {
        this(ANSWER);
    }

    /** An origin that answers each request with these bytes. */
    RecordingOrigin(String answer) throws IOException {
        this.answer = answer;
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = new Thread(this::accept, "recording-origin");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getLocalPort() + path;
    }

    String authority() {
        return "127.0.0.1:" + server.getLocalPort();
    }

    /** The connections accepted so far, in order. */
    List<Connection> connections() {
        return List.copyOf(connections);
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                Connection c = new Connection(socket, answer);
                synchronized (connections) {
                    connections.add(c);
                    connections.notifyAll();
                }
                Thread reader = new Thread(c::read, "recording-origin-connection");
                reader.setDaemon(true);
                reader.start();
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    /** One connection from the proxy: what it sent and whether it is over. */
    static final class Connection {

        private final Socket socket;
        private final String answer;
        private final ByteArrayOutputStream received = new ByteArrayOutputStream();
        private final EmbeddedChannel decoder = new EmbeddedChannel(new HttpRequestDecoder());
        private int complete;
        private boolean closed;

        Connection(Socket socket, String answer) {
            this.socket = socket;
            this.answer = answer;
        }

        private void read() {
            byte[] buf = new byte[8192];
            try (socket; InputStream in = socket.getInputStream()) {
                for (int n; (n = in.read(buf)) > 0; ) {
                    int requests = received(buf, n);
                    for (int i = 0; i < requests; i++) {
                        socket.getOutputStream().write(answer.getBytes(StandardCharsets.ISO_8859_1));
                    }
                }
            } catch (IOException e) {
                // a reset: the proxy is gone too
            } finally {
                synchronized (this) {
                    closed = true;
                    notifyAll();
                }
            }
        }

        /** Records the bytes and returns how many requests they completed. */
        private synchronized int received(byte[] buf, int n) {
            received.write(buf, 0, n);
            decoder.writeInbound(Unpooled.copiedBuffer(buf, 0, n));
            int completed = 0;
            for (Object msg; (msg = decoder.readInbound()) != null; ) {
                if (msg instanceof LastHttpContent && ((LastHttpContent) msg).decoderResult().isSuccess()) {
                    completed++;
                }
                ReferenceCountUtil.release(msg);
            }
            complete += completed;
            notifyAll();
            return completed;
        }

        /** Everything received so far, as ISO-8859-1 text. */
        synchronized String received() {
            return received.toString(StandardCharsets.ISO_8859_1);
        }

        /** Requests received whole (and answered). */
        synchronized int completeRequests() {
            return complete;
        }

        /** Waits until what was received satisfies the condition; false when it did not within the time. */
        synchronized boolean awaitReceived(Predicate<String> condition, Duration within) throws InterruptedException {
            long end = System.nanoTime() + within.toNanos();
            while (!condition.test(received())) {
                long left = end - System.nanoTime();
                if (left <= 0 || closed) {
                    return condition.test(received());
                }
                wait(Math.max(1, left / 1_000_000));
            }
            return true;
        }

        /** Waits until the proxy closed the connection; false when it did not within the time. */
        synchronized boolean awaitClosed(Duration within) throws InterruptedException {
            long end = System.nanoTime() + within.toNanos();
            while (!closed) {
                long left = end - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                wait(Math.max(1, left / 1_000_000));
            }
            return true;
        }
    }

    /** Waits for the n-th connection (from 0); null when it did not come within the time. */
    Connection awaitConnection(int n, Duration within) throws InterruptedException {
        long end = System.nanoTime() + within.toNanos();
        synchronized (connections) {
            while (connections.size() <= n) {
                long left = end - System.nanoTime();
                if (left <= 0) {
                    return null;
                }
                connections.wait(Math.max(1, left / 1_000_000));
            }
            return connections.get(n);
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        for (Connection c : connections) {
            c.socket.close();
        }
    }
}
