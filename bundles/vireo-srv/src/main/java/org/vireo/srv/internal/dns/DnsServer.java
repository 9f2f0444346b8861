package org.vireo.srv.internal.dns;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.BindException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.srv.internal.dns.DnsResponder.Transport;

/**
 * The responder's sockets, and nothing else: UDP and TCP on each address, every query handed to a {@link Handler}
 * (which answers from the pure core) and its answer sent back. TCP carries each message after a two-byte length (RFC
 * 1035 4.2.2), several queries per connection, answered in order (RFC 7766); a connection idle for
 * {@link #IDLE_MILLIS} is closed, and beyond {@link #MAX_CONNECTIONS} open ones a new one is closed at once.
 */
public final class DnsServer implements AutoCloseable {

    /** Answers one query; empty: send nothing (and close a TCP connection). */
    public interface Handler {
        Optional<byte[]> handle(byte[] query, InetAddress client, Transport transport);
    }

    private static final Logger LOG = LoggerFactory.getLogger(DnsServer.class);
    static final int IDLE_MILLIS = 10_000;
    static final int MAX_CONNECTIONS = 64;
    /** A UDP query longer than this is cut by the socket, and then answered FORMERR or dropped by the core. */
    private static final int UDP_BUFFER = 4096;
    /** Ports tried for port 0 before giving up (one is taken for TCP only when the system's UDP pick is). */
    private static final int EPHEMERAL_ATTEMPTS = 16;

    private final List<DatagramSocket> udp = new ArrayList<>();
    private final List<ServerSocket> tcp = new ArrayList<>();
    private final Set<Socket> connections = ConcurrentHashMap.newKeySet();
    private final ExecutorService threads = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "vireo-srv-dns");
        t.setDaemon(true);
        return t;
    });
    private final Handler handler;
    private final int maxConnections;
    private final int idleMillis;
    private volatile boolean closed;

    private DnsServer(Handler handler, int maxConnections, int idleMillis) {
        this.handler = handler;
        this.maxConnections = maxConnections;
        this.idleMillis = idleMillis;
    }

    /**
     * Binds UDP and TCP on every address and starts serving.
     *
     * @throws IllegalStateException naming the address that could not be bound (none stays bound then)
     */
    public static DnsServer start(List<InetSocketAddress> addresses, Handler handler) {
        return start(addresses, handler, MAX_CONNECTIONS, IDLE_MILLIS);
    }

    /** The same with other limits of open TCP connections and their idle time. */
    static DnsServer start(List<InetSocketAddress> addresses, Handler handler, int maxConnections, int idleMillis) {
        DnsServer server = new DnsServer(handler, maxConnections, idleMillis);
        try {
            for (InetSocketAddress at : addresses) {
                server.bind(at);
            }
        } catch (IOException e) {
            server.close();
            throw new IllegalStateException("cannot listen on " + server.describeFailure(addresses) + ": "
                + e.getMessage(), e);
        }
        server.udp.forEach(s -> server.threads.execute(() -> server.serveUdp(s)));
        server.tcp.forEach(s -> server.threads.execute(() -> server.accept(s)));
        return server;
    }

    private String describeFailure(List<InetSocketAddress> addresses) {
        return addresses.size() == 1 ? addresses.get(0).toString() : addresses.toString();
    }

    /**
     * UDP and TCP on one port. With port 0, TCP takes the port the system chose for UDP, where a TCP socket may
     * already be: then both are given up and another port is tried, a bounded number of times.
     */
    private void bind(InetSocketAddress at) throws IOException {
        for (int attempt = 1; ; attempt++) {
            DatagramSocket d = new DatagramSocket(null);
            ServerSocket s = new ServerSocket();
            try {
                d.bind(at);
                s.setReuseAddress(true);
                s.bind(new InetSocketAddress(at.getAddress(), d.getLocalPort()), 64);
                udp.add(d);
                tcp.add(s);
                return;
            } catch (IOException | RuntimeException e) {
                d.close();
                s.close();
                if (!(e instanceof BindException) || at.getPort() != 0 || attempt == EPHEMERAL_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    /** Where it listens, UDP and TCP (port 0 becomes the one the system chose). */
    public List<InetSocketAddress> addresses() {
        return udp.stream().map(s -> (InetSocketAddress) s.getLocalSocketAddress()).toList();
    }

    private void serveUdp(DatagramSocket socket) {
        byte[] buffer = new byte[UDP_BUFFER];
        while (!closed) {
            DatagramPacket in = new DatagramPacket(buffer, buffer.length);
            try {
                socket.receive(in);
                byte[] query = Arrays.copyOfRange(in.getData(), in.getOffset(), in.getOffset() + in.getLength());
                Optional<byte[]> reply = handle(query, in.getAddress(), Transport.UDP);
                if (reply.isPresent()) {
                    socket.send(new DatagramPacket(reply.get(), reply.get().length, in.getSocketAddress()));
                }
            } catch (IOException e) {
                if (!closed) {
                    LOG.debug("srv: dns UDP on {}: {}", socket.getLocalSocketAddress(), e.toString());
                }
            }
        }
    }

    private Optional<byte[]> handle(byte[] query, InetAddress client, Transport transport) {
        try {
            return handler.handle(query, client, transport);
        } catch (RuntimeException e) { // a bug must not end the listener; the query goes unanswered
            LOG.error("srv: dns query from {} failed", client.getHostAddress(), e);
            return Optional.empty();
        }
    }

    private void accept(ServerSocket server) {
        while (!closed) {
            try {
                Socket c = server.accept();
                if (connections.size() >= maxConnections) {
                    LOG.debug("srv: dns TCP connection from {} closed: {} open", c.getInetAddress(), maxConnections);
                    c.close();
                    continue;
                }
                connections.add(c);
                threads.execute(() -> serveTcp(c));
            } catch (IOException e) {
                if (!closed) {
                    LOG.debug("srv: dns TCP accept on {}: {}", server.getLocalSocketAddress(), e.toString());
                }
            }
        }
    }

    private void serveTcp(Socket c) {
        try (c) {
            c.setSoTimeout(idleMillis);
            c.setTcpNoDelay(true);
            DataInputStream in = new DataInputStream(c.getInputStream());
            DataOutputStream out = new DataOutputStream(c.getOutputStream());
            while (!closed) {
                byte[] query = new byte[in.readUnsignedShort()];
                in.readFully(query);
                Optional<byte[]> reply = handle(query, c.getInetAddress(), Transport.TCP);
                if (reply.isEmpty()) {
                    return;
                }
                out.writeShort(reply.get().length);
                out.write(reply.get());
                out.flush();
            }
        } catch (EOFException | SocketTimeoutException e) {
            // the client is done, or idle: the connection ends
        } catch (SocketException e) {
            // closed under it (stop), or reset by the client
        } catch (IOException e) {
            LOG.debug("srv: dns TCP from {}: {}", c.getInetAddress(), e.toString());
        } finally {
            connections.remove(c);
        }
    }

    /** Stops listening and closes every connection. */
    @Override
    public void close() {
        closed = true;
        udp.forEach(DatagramSocket::close);
        for (ServerSocket s : tcp) {
            closeQuietly(s);
        }
        for (Socket c : connections) {
            closeQuietly(c);
        }
        threads.shutdownNow();
    }

    private static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // closing
        }
    }
}
