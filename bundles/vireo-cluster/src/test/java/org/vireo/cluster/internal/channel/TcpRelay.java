package org.vireo.cluster.internal.channel;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A port forward on 127.0.0.1 that keeps a copy of every byte it carries, both ways: what a capture on the wire
 * between two members would show.
 */
final class TcpRelay implements AutoCloseable {

    private final ServerSocket listener;
    private final int target;
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream(); // guarded by itself
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    TcpRelay(int target) throws IOException {
        this.target = target;
        this.listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "relay-accept-" + listener.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    int port() {
        return listener.getLocalPort();
    }

    byte[] captured() {
        synchronized (captured) {
            return captured.toByteArray();
        }
    }

    private void accept() {
        while (!listener.isClosed()) {
            Socket in;
            try {
                in = listener.accept();
            } catch (IOException e) {
                return; // closed
            }
            try {
                Socket out = new Socket(InetAddress.getLoopbackAddress(), target);
                sockets.add(in);
                sockets.add(out);
                pump(in, out);
                pump(out, in);
            } catch (IOException e) {
                closeQuietly(in); // the target is not listening (yet): refuse as it would
            }
        }
    }

    private void pump(Socket from, Socket to) throws IOException {
        InputStream input = from.getInputStream();
        OutputStream output = to.getOutputStream();
        Thread pump = new Thread(() -> {
            byte[] buffer = new byte[16_384];
            try {
                for (int n; (n = input.read(buffer)) >= 0; ) {
                    synchronized (captured) {
                        captured.write(buffer, 0, n);
                    }
                    output.write(buffer, 0, n);
                }
            } catch (IOException e) {
                // one side closed: close both below
            }
            closeQuietly(from);
            closeQuietly(to);
        }, "relay-pump-" + from.getPort());
        pump.setDaemon(true);
        pump.start();
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        sockets.forEach(TcpRelay::closeQuietly);
    }
}
