package org.vireo.vip.internal.guard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.FileOutputStream;
import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchService;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.vip.internal.NetNamespace;
import org.vireo.vip.internal.frame.MacAddress;
import org.vireo.vip.internal.frame.Pcap;
import org.vireo.vip.internal.frame.VrrpFrames;
import org.vireo.vip.internal.guard.GuardState.Entry;

/**
 * The guard for real: a "node JVM" (the {@link Victim}) started through the distribution's {@code bin/vireo-java}
 * exactly as {@code bin/karaf} runs it, in a network namespace of the test's own (a veth pair, both ends inside),
 * killed with SIGKILL. Needs root, iproute2 and tcpdump, as CI has; nothing is added to the root namespace.
 */
class GuardInNamespaceTest {

    private static final String NS = "hg-" + ProcessHandle.current().pid();
    private static final String IF = "hg0";
    private static final String PEER = "hg0p";
    // the launch script itself, from the distribution's sources (the working directory is this module's)
    private static final Path SCRIPT = Path.of("../../karaf-assembly/src/main/resources/assembly/bin/vireo-java")
        .toAbsolutePath().normalize();
    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static boolean namespaceMade;

    private final List<ProcessHandle> started = new ArrayList<>();

    @TempDir
    Path home;

    /** The node's JVM: records what it holds as the node does, says "ready", and waits to be killed. */
    public static final class Victim {
        public static void main(String[] args) throws Exception {
            GuardState state = new GuardState(Path.of(args[0]));
            List<byte[]> frames = List.of(HexFormat.of().parseHex(args[3]));
            state.put(new Entry("vi_51", args[1], List.of(args[2].split(",")), null, frames));
            if (args[4].equals("release")) {
                state.remove("vi_51"); // as on a graceful stop
            }
            System.out.println("ready");
            System.out.flush();
            Thread.sleep(600_000); // the test kills it; the bound ends a leftover
        }
    }

    @BeforeAll
    static void namespace() throws Exception {
        assumeTrue(NetNamespace.available(), "needs root and iproute2 (CI has both)");
        sh("ip", "netns", "add", NS);
        namespaceMade = true;
        // a veth pair with both ends in the namespace: this kernel may lack the dummy driver
        inNs("ip", "link", "add", IF, "type", "veth", "peer", "name", PEER);
        inNs("ip", "link", "set", IF, "up");
        inNs("ip", "link", "set", PEER, "up");
        inNs("ip", "link", "set", "lo", "up");
        inNs("ip", "addr", "add", "10.77.8.1/24", "dev", IF);
    }

    @AfterEach
    void killWhatWasStarted() {
        // descendants first, while they are still ours to find: a guard that never got going is a node's child
        List<ProcessHandle> all = new ArrayList<>();
        for (ProcessHandle p : started) {
            p.descendants().forEach(all::add);
            all.add(p);
        }
        all.forEach(ProcessHandle::destroyForcibly);
    }

    @AfterAll
    static void removeNamespace() throws Exception {
        if (namespaceMade) {
            sh("ip", "netns", "del", NS);
        }
    }

    @Test
    void aKilledNodeLosesItsVipsAndItsBackupsHearPriorityZero() throws Exception {
        inNs("ip", "addr", "add", "10.77.8.51/32", "dev", IF);
        inNs("ip", "-6", "addr", "add", "fd77:8::51/128", "dev", IF, "nodad");
        byte[] frame = priorityZeroAdvert();
        Path monitorOut = home.resolve("monitor.out");
        start(monitorOut, "ip", "netns", "exec", NS, "ip", "-ts", "-o", "monitor", "address");
        Path capture = home.resolve("capture.pcap");
        Path tcpdumpErr = home.resolve("tcpdump.err");
        Process tcpdump = start(capture, tcpdumpErr, "ip", "netns", "exec", NS,
            "tcpdump", "-i", PEER, "-n", "-U", "-c", "1", "-w", "-", "ip proto 112");
        awaitLine(tcpdumpErr, "listening on");

        Process node = startNode("10.77.8.51/32,fd77:8::51/128", frame, "hold");
        ProcessHandle guard = awaitGuard(node);

        Instant killed = Instant.now();
        node.destroyForcibly(); // SIGKILL

        String deleted = awaitLine(monitorOut, "Deleted .* inet 10\\.77\\.8\\.51/32");
        awaitLine(monitorOut, "Deleted .* inet6 fd77:8::51/128");
        assertThat(guard.onExit().get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).isAlive()).isFalse();
        assertThat(tcpdump.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).as("tcpdump saw a VRRP frame").isTrue();
        List<Pcap.Packet> packets = Pcap.read(Files.readAllBytes(capture));
        assertThat(packets).hasSize(1);
        assertThat(packets.get(0).data()).isEqualTo(frame);

        String addresses = inNs("ip", "-o", "addr", "show", "dev", IF);
        assertThat(addresses).contains("10.77.8.1/24").doesNotContain("10.77.8.51", "fd77:8::51");
        String log = Files.readString(guardLog());
        assertThat(log).contains("sent 1 frame(s) on hg0 for vi_51", "removed 10.77.8.51/32 from hg0",
            "removed fd77:8::51/128 from hg0", "done").doesNotContain("cannot");

        // figures for the report, not assertions: this depends on the machine and its load
        Pcap.Packet p = packets.get(0);
        Instant sent = Instant.ofEpochSecond(p.seconds(), p.micros() * 1000L);
        Matcher stamp = Pattern.compile("^\\[([^\\]]+)\\]").matcher(deleted);
        LocalDateTime killedLocal = LocalDateTime.ofInstant(killed, ZoneId.systemDefault()); // as ip monitor stamps
        String aliasGone = stamp.find()
            ? Duration.between(killedLocal, LocalDateTime.parse(stamp.group(1))).toNanos() / 1e6 + " ms" : "?";
        System.out.println("guard: SIGKILL -> advert on the wire " + Duration.between(killed, sent).toNanos() / 1e6
            + " ms, -> IPv4 alias gone " + aliasGone
            + " (killed " + killed + ", captured " + sent + ", " + deleted + ")"
            + "; guard log:\n" + log);
    }

    @Test
    void theEndOfTheNodesMainThreadIsEnoughWhileItsPipeStaysOpen() throws Exception {
        inNs("ip", "addr", "add", "10.77.8.54/32", "dev", IF);
        Process node = startNode("10.77.8.54/32", priorityZeroAdvert(), "hold");
        ProcessHandle guard = awaitGuard(node);

        // a second writer on the guard's pipe (opened through /proc): no end-of-file until the test closes it
        try (FileOutputStream pipe = new FileOutputStream("/proc/" + node.pid() + "/fd/9")) {
            node.destroyForcibly();
            assertThat(guard.onExit().get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).isAlive()).isFalse();
            assertThat(pipe.getFD().valid()).isTrue();
        }
        assertThat(Files.readString(guardLog())).contains("pid " + node.pid() + " has ended (its main thread ended)",
            "removed 10.77.8.54/32 from hg0");
        assertThat(inNs("ip", "-o", "addr", "show", "dev", IF)).doesNotContain("10.77.8.54");
    }

    @Test
    void aNodeThatReleasedItsVipsLeavesTheGuardNothingToDo() throws Exception {
        inNs("ip", "addr", "add", "10.77.8.52/32", "dev", IF);

        Process node = startNode("10.77.8.52/32", priorityZeroAdvert(), "release");
        ProcessHandle guard = awaitGuard(node);
        node.destroyForcibly();

        assertThat(guard.onExit().get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).isAlive()).isFalse();
        assertThat(Files.readString(guardLog())).contains("pid " + node.pid() + " held no VIPs: nothing to undo");
        assertThat(inNs("ip", "-o", "addr", "show", "dev", IF)).contains("10.77.8.52/32");
        inNs("ip", "addr", "del", "10.77.8.52/32", "dev", IF);
    }

    @Test
    void noGuardWhenSwitchedOffOrForAnotherJavaCommand() throws Exception {
        ProcessBuilder versionCommand = new ProcessBuilder("sh", SCRIPT.toString(), "-version");
        versionCommand.redirectErrorStream(true).environment().put("VIREO_JAVA", java().toString());
        Process version = versionCommand.start();
        String out = new String(version.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(version.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)).isTrue();
        assertThat(version.exitValue()).isZero();
        assertThat(out).contains("version \"" + System.getProperty("java.specification.version"));

        Process node = startNode(Map.of("VIREO_GUARD", "off"), "10.77.8.53/32", priorityZeroAdvert(), "hold");
        awaitLine(home.resolve("node.out"), "ready");
        assertThat(node.children()).isEmpty();
        assertThat(guardLog()).doesNotExist();
    }

    private Process startNode(String aliases, byte[] frame, String mode) throws IOException {
        return startNode(Map.of(), aliases, frame, mode);
    }

    /** The victim through bin/vireo-java, with the arguments that matter of bin/karaf's command line. */
    private Process startNode(Map<String, String> env, String aliases, byte[] frame, String mode) throws IOException {
        String classpath = System.getProperty("java.class.path");
        ProcessBuilder pb = new ProcessBuilder("ip", "netns", "exec", NS, "sh", SCRIPT.toString(),
            "-Dkaraf.home=" + home, "-Dkaraf.data=" + home.resolve("data"), "-Dkaraf.log=" + home.resolve("data/log"),
            "-cp", classpath, Victim.class.getName(), home.resolve("data/" + GuardState.RELATIVE_PATH).toString(), IF,
            aliases, HexFormat.of().formatHex(frame), mode,
            "org.apache.karaf.main.Main"); // the script guards a command line that names Karaf's main class
        pb.environment().put("VIREO_JAVA", java().toString());
        // the test's classpath has what the distribution's jars hold: these classes, pcap4j, JNA, an slf4j API
        pb.environment().put("VIREO_GUARD_CLASSPATH", classpath);
        pb.environment().putAll(env);
        pb.redirectErrorStream(true).redirectOutput(home.resolve("node.out").toFile());
        Process p = pb.start();
        started.add(p.toHandle());
        return p;
    }

    /** Waits until the node is ready and its guard (the child bin/vireo-java started before the exec) is too. */
    private ProcessHandle awaitGuard(Process node) throws Exception {
        awaitLine(home.resolve("node.out"), "ready");
        awaitLine(guardLog(), "guarding pid " + node.pid());
        List<ProcessHandle> children = node.children().toList();
        assertThat(children).hasSize(1);
        started.addAll(children);
        return children.get(0);
    }

    private static Path java() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    private Path guardLog() {
        return home.resolve("data/log/vireo-guard.log");
    }

    private static byte[] priorityZeroAdvert() throws Exception {
        // hand-made VRRPv3 advert, VRID 51, priority 0, one address (the checksum is not what is tested here)
        byte[] vrrp = {0x31, 51, 0, 1, 0, 100, 0, 0, 10, 77, 8, 51};
        byte[] frame = new byte[VrrpFrames.IPV4_OVERHEAD + vrrp.length];
        VrrpFrames.ipv4(MacAddress.virtualRouterMac(51, false), MacAddress.VRRP_IPV4_MULTICAST,
            (Inet4Address) InetAddress.getByName("10.77.8.1"), (Inet4Address) InetAddress.getByName("224.0.0.18"), 0,
            vrrp, 0, vrrp.length, frame, 0);
        return frame;
    }

    /**
     * Waits (bounded, on file events) until a line of {@code file} matches {@code regex}; returns that line.
     */
    private static String awaitLine(Path file, String regex) throws Exception {
        Pattern pattern = Pattern.compile(regex);
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        Files.createDirectories(file.getParent());
        try (WatchService watch = file.getFileSystem().newWatchService()) {
            file.getParent().register(watch, StandardWatchEventKinds.ENTRY_CREATE,
                StandardWatchEventKinds.ENTRY_MODIFY);
            while (true) {
                if (Files.exists(file)) {
                    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                        if (pattern.matcher(line).find()) {
                            return line;
                        }
                    }
                }
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    throw new AssertionError("no line matching '" + regex + "' in " + file + " within " + TIMEOUT
                        + ":\n"
                        + (Files.exists(file) ? Files.readString(file) : "(no file)"));
                }
                var key = watch.poll(left, TimeUnit.NANOSECONDS);
                if (key != null) {
                    key.pollEvents();
                    key.reset();
                }
            }
        } catch (ClosedWatchServiceException e) {
            throw new AssertionError(e);
        }
    }

    private Process start(Path out, String... command) throws IOException {
        return start(out, out, command);
    }

    private Process start(Path out, Path err, String... command) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(out.toFile());
        if (err.equals(out)) {
            pb.redirectErrorStream(true);
        } else {
            pb.redirectError(err.toFile());
        }
        Process p = pb.start();
        started.add(p.toHandle());
        return p;
    }

    private static String inNs(String... command) throws Exception {
        List<String> full = new ArrayList<>(List.of("ip", "netns", "exec", NS));
        full.addAll(List.of(command));
        return sh(full.toArray(String[]::new));
    }

    private static String sh(String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed: " + out);
        }
        return out;
    }
}
