package org.vireo.scanner.internal.proxy.adversarial;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Two listeners on 127.0.0.1 that record every byte they receive, per connection: the origin the rules allow, and a
 * "service" on this node's loopback that no rule names (what a proxy must never reach for a client). Each whole
 * request gets {@code 200 ok}; bytes that are no request get a 400 and the connection closed.
 */
final class RecordingOrigin implements AutoCloseable {

    private static final byte[] OK = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Type: text/plain\r\n\r\nok"
        .getBytes(StandardCharsets.US_ASCII);
    private static final byte[] BAD = "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
        .getBytes(StandardCharsets.US_ASCII);
    private static final int MAX_RECORDED = 2 << 20;

    private final ServerSocket origin;
    private final ServerSocket service;
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "recording-origin");
        t.setDaemon(true);
        return t;
    });
    private final List<Connection> connections = new ArrayList<>(); // guarded by this

    /** One accepted connection and what it received. */
    private static final class Connection {
        final Socket socket;
        final String arrivedAt;
        final String prefix;
        byte[] bytes = new byte[4096];
        int length;
        boolean closed;
        /** When its first byte came (System.nanoTime), or Long.MAX_VALUE before. */
        long firstByte = Long.MAX_VALUE;
        ReceivedRequests received = new ReceivedRequests(List.of(), null);

        Connection(Socket socket, String arrivedAt, String prefix) {
            this.socket = socket;
            this.arrivedAt = arrivedAt;
            this.prefix = prefix;
        }
    }

    RecordingOrigin() throws IOException {
        InetAddress loopback = InetAddress.getByName("127.0.0.1");
        origin = new ServerSocket(0, 50, loopback);
        service = new ServerSocket(0, 50, loopback);
        threads.execute(() -> accept(origin, ""));
        threads.execute(() -> accept(service, "service: "));
    }

    String originAuthority() {
        return "127.0.0.1:" + origin.getLocalPort();
    }

    String serviceAuthority() {
        return "127.0.0.1:" + service.getLocalPort();
    }

    int originPort() {
        return origin.getLocalPort();
    }

    int servicePort() {
        return service.getLocalPort();
    }

    private void accept(ServerSocket listener, String prefix) {
        String arrivedAt = "127.0.0.1:" + listener.getLocalPort();
        while (!listener.isClosed()) {
            try {
                Socket socket = listener.accept();
                Connection c = new Connection(socket, arrivedAt, prefix);
                synchronized (this) {
                    connections.add(c);
                    notifyAll();
                }
                threads.execute(() -> serve(socket, c));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void serve(Socket socket, Connection c) {
        try (socket; InputStream in = socket.getInputStream(); OutputStream out = socket.getOutputStream()) {
            byte[] buf = new byte[65_536];
            for (int n; (n = in.read(buf)) > 0; ) {
                byte[] answer = received(c, buf, n);
                out.write(answer);
                out.flush();
                if (answer == BAD) {
                    return;
                }
            }
        } catch (IOException e) {
            // a reset: what was received is recorded
        } finally {
            synchronized (this) {
                c.closed = true;
                notifyAll();
            }
        }
    }

    /** Records n bytes and returns what to answer: one 200 per request that became whole, or the 400. */
    private synchronized byte[] received(Connection c, byte[] buf, int n) {
        if (c.length + n > MAX_RECORDED) {
            return BAD;
        }
        if (c.length + n > c.bytes.length) {
            c.bytes = Arrays.copyOf(c.bytes, Math.max(c.bytes.length * 2, c.length + n));
        }
        System.arraycopy(buf, 0, c.bytes, c.length, n);
        c.firstByte = Math.min(c.firstByte, System.nanoTime());
        c.length += n;
        int before = c.received.requests().size();
        c.received = ReceivedRequests.read(c.bytes, c.length, c.arrivedAt, c.prefix);
        notifyAll();
        if (c.received.residue() != null && c.received.residue().startsWith("!malformed")) {
            return BAD;
        }
        byte[] answer = new byte[0];
        for (int i = before; i < c.received.requests().size(); i++) {
            byte[] more = Arrays.copyOf(answer, answer.length + OK.length);
            System.arraycopy(OK, 0, more, answer.length, OK.length);
            answer = more;
        }
        return answer;
    }

    /**
     * Waits, at most {@code bound}, until no connection holds part of a request: each is closed or between requests.
     * A proxy that aborts an upstream request closes its connection; one that leaves it hanging is seen at the bound.
     */
    synchronized void awaitQuiet(Duration bound) throws InterruptedException {
        long end = System.nanoTime() + bound.toNanos();
        for (long left; !quiet() && (left = end - System.nanoTime()) > 0; ) {
            wait(Math.max(1, left / 1_000_000));
        }
    }

    private boolean quiet() {
        return connections.stream().allMatch(c -> c.closed || c.received.residue() == null);
    }

    /**
     * What the origins received, in the suite's notation: "nothing", or the views of the connections in the order
     * their first bytes came (the harness's probes left out), joined by " ++ ".
     */
    synchronized String view() {
        List<String> items = new ArrayList<>();
        List<Connection> byFirstByte = new ArrayList<>(connections);
        byFirstByte.sort(Comparator.comparingLong(c -> c.firstByte));
        for (Connection c : byFirstByte) {
            c.received.requests().stream().filter(v -> !ReceivedRequests.isProbe(v)).forEach(items::add);
            if (c.received.residue() != null) {
                items.add(c.received.residue());
            }
        }
        return items.isEmpty() ? AdversarialCase.NOTHING : String.join(" ++ ", items);
    }

    @Override
    public void close() throws IOException {
        origin.close();
        service.close();
        synchronized (this) {
            for (Connection c : connections) {
                c.socket.close();
            }
        }
        threads.shutdownNow();
    }
}
