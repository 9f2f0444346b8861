package org.vireo.notify.internal.syslog;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import javax.net.ssl.SSLServerSocket;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.events.NodeEvent;
import org.vireo.notify.internal.LiveLog;
import org.vireo.notify.internal.LogSink;
import org.vireo.notify.internal.SelfSigned;

/**
 * Syslog sinks on the node's real event log, sending to a real rsyslog (Debian's rsyslogd, started by the test on
 * loopback ports of its own, UDP and TCP in) that writes what it parsed of each message to a file: what a collector
 * makes of the messages, not what the sender meant. TLS against the JDK's TLS server socket (rsyslog's TLS needs its
 * GnuTLS driver, another package).
 */
@Timeout(60)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SyslogSinkTest {

    /** The class's: rsyslog's configuration, work directory and output. */
    private Path dir;
    private Process rsyslog;
    private Path received;
    private int udpPort;
    private int tcpPort;
    @RegisterExtension
    final LiveLog live = new LiveLog();
    private LogSink sink;

    @BeforeAll
    void startRsyslog(@TempDir Path tmp) throws Exception {
        dir = tmp;
        received = dir.resolve("received.txt");
        Files.createFile(received);
        udpPort = freePort();
        tcpPort = freePort();
        Path conf = Files.writeString(dir.resolve("rsyslog.conf"), String.join("\n",
            "global(workDirectory=\"" + dir + "\")",
            "module(load=\"imudp\")",
            "module(load=\"imtcp\")",
            "input(type=\"imudp\" address=\"127.0.0.1\" port=\"" + udpPort + "\")",
            "input(type=\"imtcp\" address=\"127.0.0.1\" port=\"" + tcpPort + "\")",
            "template(name=\"parsed\" type=\"string\" string=\"%pri% %timestamp:::date-rfc3339% %hostname%"
                + " %app-name% %msgid% %structured-data% %msg%\\n\")",
            "*.* action(type=\"omfile\" file=\"" + received + "\" template=\"parsed\" flushOnTXEnd=\"on\""
                + " asyncWriting=\"off\")", ""));
        rsyslog = new ProcessBuilder("rsyslogd", "-n", "-f", conf.toString(), "-i", dir.resolve("rsyslogd.pid")
            .toString()).redirectErrorStream(true).redirectOutput(dir.resolve("rsyslogd.out").toFile()).start();
        awaitListening(tcpPort);
    }

    @AfterAll
    void stopRsyslog() throws Exception {
        rsyslog.destroy();
        rsyslog.waitFor(10, TimeUnit.SECONDS);
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** rsyslogd tells nothing when its inputs are open: its TCP port is tried every 20 ms, for at most 20 s. */
    private void awaitListening(int port) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try (java.net.Socket s = new java.net.Socket(InetAddress.getLoopbackAddress(), port)) {
                return;
            } catch (java.io.IOException e) {
                assertThat(rsyslog.isAlive()).as(Files.readString(dir.resolve("rsyslogd.out"))).isTrue();
                assertThat(System.nanoTime()).as("rsyslogd does not listen on " + port).isLessThan(end);
                Thread.sleep(20);
            }
        }
    }

    /** The lines rsyslog wrote that contain {@code marker}, once there are {@code count} (read every 20 ms, 20 s). */
    private List<String> awaitReceived(String marker, int count) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            List<String> lines = Files.readAllLines(received).stream().filter(l -> l.contains(marker)).toList();
            if (lines.size() >= count) {
                return lines;
            }
            assertThat(System.nanoTime()).as("rsyslog wrote " + lines + " of " + marker).isLessThan(end);
            Thread.sleep(20);
        }
    }

    private LogSink syslog(Map<String, Object> config) {
        SyslogOptions options = SyslogOptions.parse(config);
        sink = live.sink("syslog", options.name(), options.events(), new SyslogSender(options));
        return sink;
    }

    private void transition(String instance, String to) {
        live.post("org/vireo/vrrp/TRANSITION", Map.of("instance", instance, "from", "BACKUP",
            "to", to, "priority", 150L, "cause", "a \"quoted\" [cause]"));
    }

    @Test
    void overUdp_rsyslogParsesTheHeaderAndTheStructuredData() throws Exception {
        syslog(Map.of("name", "udp", "host", "127.0.0.1", "port", String.valueOf(udpPort), "facility", "local3"));

        transition("udp-vip", "MASTER");
        transition("udp-vip", "FAULT");
        assertThat(sink.test().get(20, TimeUnit.SECONDS)).startsWith("sent ").contains(" bytes over UDP");

        List<String> lines = awaitReceived("udp-vip", 2);
        NodeEvent first = live.log.read(0, 1).get(0);
        assertThat(lines.get(0)).isEqualTo("157 " + first.timeText() + " n1 vireo"
            + " vrrp.transition [vireo@32473 seq=\"1\" cause=\"a \\\"quoted\\\" [cause\\]\" from=\"BACKUP\""
            + " instance=\"udp-vip\" priority=\"150\" to=\"MASTER\"] vrrp.transition cause=a \"quoted\" [cause]"
            + " from=BACKUP instance=udp-vip priority=150 to=MASTER");
        assertThat(lines.get(1)).startsWith("156 "); // local3.warning: a FAULT
    }

    @Test
    void overTcp_inOrder_andAgainAfterTheCollectorCameBack() throws Exception {
        syslog(Map.of("name", "tcp", "host", "127.0.0.1", "port", String.valueOf(tcpPort), "transport", "tcp",
            "retryDelayMillis", "10"));

        for (int i = 0; i < 50; i++) {
            transition("tcp-" + i, "MASTER");
        }
        assertThat(sink.test().get(20, TimeUnit.SECONDS)).isEqualTo(sink.status().lastOutcome())
            .startsWith("sent ").contains(" bytes over TCP");

        List<String> lines = awaitReceived("instance=\"tcp-", 50);
        for (int i = 0; i < 50; i++) {
            assertThat(lines.get(i)).contains("seq=\"" + (i + 1) + "\"").contains("instance=\"tcp-" + i + "\"");
        }
        assertThat(sink.status().failed()).isZero();
    }

    @Test
    void overTls_theCollectorsCertificateIsVerified() throws Exception {
        SelfSigned key = SelfSigned.in(dir);
        try (SSLServerSocket server = (SSLServerSocket) key.serverContext().getServerSocketFactory()
            .createServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            CompletableFuture<String> frame = CompletableFuture.supplyAsync(() -> readOneFrame(server));
            String port = String.valueOf(server.getLocalPort());

            syslog(Map.of("name", "strict", "host", "127.0.0.1", "port", port, "transport", "tls", "retries", "0"));
            String refused = sink.test().get(20, TimeUnit.SECONDS);
            sink.stop();
            syslog(Map.of("name", "pinned", "host", "127.0.0.1", "port", port, "transport", "tls",
                "caFile", key.pem(dir.resolve("collector.pem")).toString()));
            String accepted = sink.test().get(20, TimeUnit.SECONDS);

            assertThat(refused).startsWith("failed: SSLHandshakeException: ").contains("certification path");
            assertThat(accepted).startsWith("sent ").contains(" bytes over TLS");
            assertThat(frame.get(20, TimeUnit.SECONDS)).matches("\\d+ <29>1 .* n1 vireo \\d+ notify.test \\[vireo@32473"
                + " seq=\"2\" kind=\"syslog\" sink=\"pinned\" token=\"[^\"]+\"] notify.test .*");
        }
    }

    /** The first octet-counted frame of the first client that completes a handshake: its length, a space, itself. */
    private static String readOneFrame(SSLServerSocket server) {
        while (true) {
            try (var client = server.accept(); InputStream in = new BufferedInputStream(client.getInputStream())) {
                ByteArrayOutputStream length = new ByteArrayOutputStream();
                for (int c; (c = in.read()) != ' '; ) {
                    if (c < 0) {
                        throw new java.io.EOFException();
                    }
                    length.write(c);
                }
                String digits = length.toString(StandardCharsets.US_ASCII);
                byte[] message = in.readNBytes(Integer.parseInt(digits));
                return digits + " " + new String(message, StandardCharsets.UTF_8);
            } catch (java.io.IOException e) {
                // the refused client's handshake: wait for the next one
            }
        }
    }
}
