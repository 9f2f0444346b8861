package org.vireo.itests;

import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One node of the distribution, unpacked into a folder of its own and started with its own scripts (bin/karaf,
 * bin/stop), on loopback ports of its own ({@link ReservedPorts}): its Jetty, its SSH and JMX ports, the balancer's
 * and the scanner's. For tests of the distribution as an operator meets it, and of several whole nodes in the root
 * namespace.
 */
final class UnpackedNode implements AutoCloseable {

    /** A boot on a loaded two-core machine took over 2 minutes. */
    static final long TIMEOUT_MS = 150_000;

    final Path home;
    final String httpPort;
    final String sshPort;
    final String balancerPort;
    final String proxyPort;
    private Process karaf;
    /** What bin/setenv printed on standard error, line by line, as {@link #launch} reads it. */
    private final List<String> setenvLines = new ArrayList<>();

    private UnpackedNode(Path home) throws IOException {
        this.home = home;
        this.httpPort = ReservedPorts.next();
        this.sshPort = ReservedPorts.next();
        this.balancerPort = ReservedPorts.next();
        this.proxyPort = ReservedPorts.next();
        setProperty("etc/org.apache.karaf.shell.cfg", "sshPort", sshPort);
        setProperty("etc/org.apache.karaf.management.cfg", "rmiRegistryPort", ReservedPorts.next());
        setProperty("etc/org.apache.karaf.management.cfg", "rmiServerPort", ReservedPorts.next());
        setProperty("etc/org.ops4j.pax.web.cfg", "org.osgi.service.http.port", httpPort);
        // no fixed port in the shared root namespace: the balancer and the proxy of whichever role a test starts
        setProperty("etc/org.vireo.balancer.cfg", "httpPort", balancerPort);
        setProperty("etc/org.vireo.balancer.cfg", "ftpPort", ReservedPorts.next());
        setProperty("etc/org.vireo.balancer.cfg", "standaloneAddresses", "127.0.0.1");
        setProperty("etc/org.vireo.balancer.cfg", "scanners", "127.0.0.1:" + proxyPort);
        writeConfig("org.vireo.scanner.proxy.cfg", "listenAddress = 127.0.0.1\nport = " + proxyPort + "\n");
        writeConfig("org.vireo.scanner.ftp.cfg", "listenAddress = 127.0.0.1\nport = " + ReservedPorts.next() + "\n");
    }

    /** Unpacks the distribution the build made into a new folder under {@code dir}. */
    static UnpackedNode unpack(Path dir) throws Exception {
        Path unpacked = Files.createTempDirectory(Files.createDirectories(dir), "node-");
        Process tar = new ProcessBuilder("tar", "xzf", System.getProperty("vireo.distribution"), "-C",
            unpacked.toString()).inheritIO().start();
        assertTrue("tar timed out", tar.waitFor(60, TimeUnit.SECONDS));
        assertTrue("tar failed", tar.exitValue() == 0);
        try (Stream<Path> children = Files.list(unpacked)) {
            return new UnpackedNode(children.findFirst().orElseThrow());
        }
    }

    /** Writes a configuration file of etc/ (a new one, as an operator drops it in). */
    void writeConfig(String file, String text) throws IOException {
        Files.writeString(home.resolve("etc").resolve(file), text);
    }

    /** Sets a key that the shipped file {@code file} (relative to the node's folder) has. */
    void setProperty(String file, String key, String value) throws IOException {
        Path p = home.resolve(file);
        String text = Files.readString(p);
        String updated = text.replaceAll("(?m)^" + key + "\\s*=.*$", key + " = " + value);
        assertNotEquals(key + " not found in " + file, text, updated);
        Files.writeString(p, updated);
    }

    /** Starts bin/karaf server with this node name and role, and returns once the role is active. */
    void start(String name, String role) throws Exception {
        start(Map.of("VIREO_ROLE", role, "VIREO_NODE_NAME", name), role);
    }

    /**
     * Starts bin/karaf server with {@code env} (no VIREO_ROLE or VIREO_NODE_NAME of the test's own) and waits until
     * the node reports {@code role} active; returns what bin/setenv printed on standard error.
     */
    String start(Map<String, String> env, String role) throws Exception {
        long logOffset = launch(env);
        awaitLogLine(logOffset, "role " + role + " active");
        // setenv ran before the JVM started: its message is complete by now
        synchronized (setenvLines) {
            return String.join("\n", setenvLines);
        }
    }

    /** Starts bin/karaf server and returns at once: the length of karaf.log before it. */
    long launch(Map<String, String> env) throws IOException {
        long logOffset = logLength();
        ProcessBuilder pb = new ProcessBuilder(home.resolve("bin/karaf").toString(), "server");
        pb.environment().remove("VIREO_ROLE");
        pb.environment().remove("VIREO_NODE_NAME");
        pb.environment().putAll(env);
        pb.redirectOutput(home.resolve("karaf.out").toFile());
        karaf = pb.start();
        synchronized (setenvLines) {
            setenvLines.clear();
        }
        BufferedReader err = new BufferedReader(new InputStreamReader(karaf.getErrorStream(), StandardCharsets.UTF_8));
        Thread drain = new Thread(() -> {
            try {
                for (String line; (line = err.readLine()) != null; ) {
                    synchronized (setenvLines) {
                        setenvLines.add(line);
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
        });
        drain.setDaemon(true);
        drain.start();
        return logOffset;
    }

    /** bin/karaf, as started last (its JVM is a descendant: bin/karaf runs it through bin/vireo-java). */
    Process process() {
        return karaf;
    }

    boolean isAlive() {
        return karaf != null && karaf.isAlive();
    }

    long logLength() {
        return home.resolve("data/log/karaf.log").toFile().length();
    }

    /** The admin password the first start made. */
    Path adminPasswordFile() {
        return home.resolve("etc/admin.password");
    }

    /** Follows data/log/karaf.log from {@code from}, as tail -f does, until a line contains {@code text}. */
    void awaitLogLine(long from, String text) throws Exception {
        Path log = home.resolve("data/log/karaf.log");
        long deadline = System.currentTimeMillis() + TIMEOUT_MS;
        long offset = from;
        StringBuilder partial = new StringBuilder();
        while (System.currentTimeMillis() < deadline) {
            if (Files.exists(log)) {
                try (RandomAccessFile f = new RandomAccessFile(log.toFile(), "r")) {
                    if (f.length() > offset) {
                        f.seek(offset);
                        byte[] chunk = new byte[(int) (f.length() - offset)];
                        f.readFully(chunk);
                        offset += chunk.length;
                        partial.append(new String(chunk, StandardCharsets.UTF_8));
                        if (partial.indexOf(text) >= 0) {
                            return;
                        }
                        partial.delete(0, Math.max(0, partial.lastIndexOf("\n")));
                    }
                }
            }
            assertTrue("Karaf exited before logging '" + text + "'", isAlive());
            Thread.sleep(100); // the log gives no other notice of new lines
        }
        throw new AssertionError("no '" + text + "' in " + log + " within " + TIMEOUT_MS + " ms");
    }

    /** Stops the node with bin/stop, and kills what is left of it after a minute. */
    @Override
    public void close() throws Exception {
        if (!isAlive()) {
            return;
        }
        Process stop = new ProcessBuilder(List.of(home.resolve("bin/stop").toString())).inheritIO().start();
        stop.waitFor(60, TimeUnit.SECONDS);
        if (!karaf.waitFor(60, TimeUnit.SECONDS)) {
            karaf.descendants().forEach(ProcessHandle::destroyForcibly);
            karaf.destroyForcibly();
        }
    }
}
