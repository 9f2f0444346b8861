package org.vireo.srv;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A real dnsmasq on 127.0.0.1 and a free high port, serving only the records given; stopped by its PID. */
final class Dnsmasq implements AutoCloseable {

    private final Process process;
    private final InetSocketAddress address;

    private Dnsmasq(Process process, InetSocketAddress address) {
        this.process = process;
        this.address = address;
    }

    /** Starts it with {@code records} (dnsmasq options such as {@code --srv-host=...}); waits until it answers. */
    static Dnsmasq start(Path dir, List<String> records) throws IOException, InterruptedException {
        Path binary = Path.of("/usr/sbin/dnsmasq");
        if (!Files.isExecutable(binary)) {
            throw new IllegalStateException("dnsmasq is not installed: apt-get install dnsmasq-base (.ci/run does)");
        }
        int port = freePort();
        List<String> command = new ArrayList<>(List.of(binary.toString(), "--keep-in-foreground",
            "--conf-file=/dev/null", "--no-resolv", "--no-hosts", "--no-poll", "--pid-file=",
            "--listen-address=127.0.0.1", "--bind-interfaces", "--port=" + port, "--local=/test/",
            "--user=" + System.getProperty("user.name")));
        command.addAll(records);
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
            .redirectOutput(dir.resolve("dnsmasq.log").toFile()).start();
        InetSocketAddress address = new InetSocketAddress(InetAddress.getLoopbackAddress(), port);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) { // its TCP listener opens with its UDP one: connectable means it serves
            try (Socket s = new Socket()) {
                s.connect(address, 200);
                return new Dnsmasq(p, address);
            } catch (IOException e) {
                if (!p.isAlive() || System.nanoTime() > deadline) {
                    p.destroyForcibly();
                    throw new IOException("dnsmasq did not start: " + Files.readString(dir.resolve("dnsmasq.log")), e);
                }
                Thread.sleep(20);
            }
        }
    }

    private static int freePort() throws IOException {
        for (int i = 0; i < 50; i++) { // free for TCP and UDP alike
            try (ServerSocket tcp = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                 DatagramSocket udp = new DatagramSocket(tcp.getLocalPort(), InetAddress.getLoopbackAddress())) {
                return tcp.getLocalPort();
            } catch (IOException e) {
                // the UDP port was taken: another one
            }
        }
        throw new IOException("no port free for both TCP and UDP on 127.0.0.1");
    }

    InetSocketAddress address() {
        return address;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
