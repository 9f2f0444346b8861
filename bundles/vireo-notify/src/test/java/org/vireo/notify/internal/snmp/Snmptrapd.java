package org.vireo.notify.internal.snmp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.File;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * net-snmp's snmptrapd (Debian's {@code snmptrapd}), started on a loopback port of its own with a configuration of its
 * own, writing each notification it accepts as one line ({@code TRAP <binding>~ <binding>...}) to a file; stopped by
 * its process. No MIBs are loaded: the lines hold numeric OIDs.
 */
final class Snmptrapd implements AutoCloseable {

    private final Process process;
    private final Path dir;
    private final Path received;
    final int port;

    private Snmptrapd(Process process, Path dir, Path received, int port) {
        this.process = process;
        this.dir = dir;
        this.received = received;
        this.port = port;
    }

    /** Fails, saying what to install, if the machine has no snmptrapd. */
    static Path binary() {
        for (String d : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(d, "snmptrapd"))) {
                return Path.of(d, "snmptrapd");
            }
        }
        Path sbin = Path.of("/usr/sbin/snmptrapd");
        if (Files.isExecutable(sbin)) {
            return sbin;
        }
        return fail("snmptrapd is not installed: the SNMP sink's tests send to a real net-snmp receiver;"
            + " apt-get install snmptrapd (.ci/run installs it)");
    }

    /** @param config snmptrapd.conf lines (authCommunity, createUser, authUser) */
    static Snmptrapd start(Path dir, List<String> config) throws Exception {
        Path binary = binary();
        Path received = Files.createFile(dir.resolve("received.txt"));
        Files.write(dir.resolve("snmptrapd.conf"), concat(config, "format2 TRAP %V~ %v\\n"));
        int port = freeUdpPort();
        ProcessBuilder builder = new ProcessBuilder(binary.toString(), "-f", "-C", "-c",
            dir.resolve("snmptrapd.conf").toString(), "-m", "", "-n", "-On", "-Lf", received.toString(),
            "udp:127.0.0.1:" + port).redirectErrorStream(true).redirectOutput(dir.resolve("snmptrapd.out").toFile());
        builder.environment().put("SNMP_PERSISTENT_DIR", dir.resolve("persistent").toString());
        Snmptrapd trapd = new Snmptrapd(builder.start(), dir, received, port);
        trapd.awaitLine("NET-SNMP version"); // it logs its start once it listens
        return trapd;
    }

    private static List<String> concat(List<String> lines, String last) {
        return java.util.stream.Stream.concat(lines.stream(), java.util.stream.Stream.of(last)).toList();
    }

    private static int freeUdpPort() throws Exception {
        try (DatagramSocket s = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** The first line of its output holding {@code marker} (read every 20 ms, for at most 20 s). */
    String awaitLine(String marker) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            List<String> lines = Files.readAllLines(received).stream().filter(l -> l.contains(marker)).toList();
            if (!lines.isEmpty()) {
                return lines.get(0);
            }
            assertThat(process.isAlive()).as("snmptrapd ended: " + Files.readString(dir.resolve("snmptrapd.out")))
                .isTrue();
            assertThat(System.nanoTime()).as("snmptrapd wrote no line with " + marker + ": "
                + Files.readString(received)).isLessThan(end);
            Thread.sleep(20);
        }
    }

    /** Every line it wrote so far. */
    List<String> lines() throws Exception {
        return Files.readAllLines(received);
    }

    @Override
    public void close() throws Exception {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
    }
}
