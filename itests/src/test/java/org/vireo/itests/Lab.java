package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A network-namespace lab (lab/lab.sh) for one test class: its own LAB prefix and state folder, Vireo
 * distributions and keepalived started in node namespaces, and the facts tests read back (addresses,
 * neighbour entries, log lines with their times). Needs root, as CI has.
 */
final class Lab implements AutoCloseable {

    /** 10.77.0.(10+K) and 02:77:00:00:00:(10+K) for node nK, as lab.sh lays them out. */
    static String ip(String node) {
        return "10.77.0." + (10 + Integer.parseInt(node.substring(1)));
    }

    /** fd77::(10+K) for node nK (hex digits as written: fd77::11 for n1). */
    static String ip6(String node) {
        return "fd77::" + (10 + Integer.parseInt(node.substring(1)));
    }

    /** The link-local address the kernel makes from nK's MAC (EUI-64): fe80::77:ff:fe00:(hex 10+K). */
    static String linkLocal(String node) {
        return String.format("fe80::77:ff:fe00:%x", 10 + Integer.parseInt(node.substring(1)));
    }

    static String mac(String node) {
        return String.format("02:77:00:00:00:%02x", 10 + Integer.parseInt(node.substring(1)));
    }

    /** RFC 5798 6.1: Skew_Time = (256 - priority) x interval / 256. */
    static long skewMillis(int intervalMillis, int priority) {
        return (256L - priority) * intervalMillis / 256;
    }

    /** RFC 5798 6.1: Master_Down_Interval = 3 x interval + Skew_Time. */
    static long masterDownMillis(int intervalMillis, int priority) {
        return 3L * intervalMillis + skewMillis(intervalMillis, priority);
    }

    static final Pattern LOG_TIME = Pattern.compile("^(\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d,\\d{3})");
    private static final DateTimeFormatter KARAF_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss,SSS");

    private final String name;
    private final Path state;
    private final File script;

    /** @param upOptions more options of {@code lab.sh up}, e.g. {@code --no-ipv6 n1} */
    Lab(String prefix, int nodes, String... upOptions) throws Exception {
        this.name = prefix + ProcessHandle.current().pid() % 10_000; // never a developer's lab
        this.state = Files.createTempDirectory("vireo-lab-" + name);
        this.script = new File(System.getProperty("vireo.lab"), "lab.sh");
        List<String> up = new ArrayList<>(List.of("up", "-n", String.valueOf(nodes)));
        up.addAll(Arrays.asList(upOptions));
        run(120, up.toArray(new String[0]));
    }

    String name() {
        return name;
    }

    /** The Vireo installation of a node (after {@link #vireo}). */
    Path home(String node) {
        return state.resolve("vireo-" + node);
    }

    /** Writes {@code text} to a file named {@code name} in the lab's own folder (gone with the lab), e.g. for --cfg. */
    Path file(String name, String text) throws IOException {
        Path dir = Files.createDirectories(state.resolve("files"));
        return Files.writeString(dir.resolve(name), text);
    }

    /** The PID of the node's daemon (keepalived's parent, or Vireo's JVM), as lab.sh recorded it. */
    long pid(String node) throws IOException {
        String record = Files.readString(state.resolve("pids/node-" + node + ".pid"));
        return Long.parseLong(record.trim().split("\\s+")[0]);
    }

    /**
     * How many packet sockets the node's daemon holds: its descriptors ({@code /proc/PID/fd}) matched by inode
     * against the node namespace's {@code /proc/net/packet}.
     */
    int packetSockets(String node) throws IOException, InterruptedException {
        java.util.Set<String> inNamespace = new java.util.HashSet<>();
        String[] table = exec(node, "cat", "/proc/net/packet").trim().split("\n");
        for (int i = 1; i < table.length; i++) {
            String[] columns = table[i].trim().split("\\s+");
            inNamespace.add(columns[columns.length - 1]);
        }
        int held = 0;
        File[] fds = new File("/proc/" + pid(node) + "/fd").listFiles();
        for (File fd : fds == null ? new File[0] : fds) {
            try {
                String target = Files.readSymbolicLink(fd.toPath()).toString();
                if (target.startsWith("socket:[") && inNamespace.contains(target.substring(8, target.length() - 1))) {
                    held++;
                }
            } catch (IOException closedMeanwhile) {
                // closed since the listing
            }
        }
        return held;
    }

    /** Runs {@code lab.sh args}; fails the test unless it exits 0 within {@code seconds}. Returns stdout + stderr. */
    String run(int seconds, String... args) throws IOException, InterruptedException {
        Result r = tryRun(seconds, List.of(), args);
        assertEquals("lab.sh " + String.join(" ", args) + " failed:\n" + r.output, 0, r.exit);
        return r.output;
    }

    record Result(int exit, String output) {
    }

    /** Runs {@code [wrapper...] lab.sh args} and returns its exit status and output, bounded by {@code seconds}. */
    Result tryRun(int seconds, List<String> wrapper, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(wrapper);
        command.addAll(List.of("bash", script.getPath(), "--state", state.toString()));
        command.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("LAB", name);
        pb.environment().put("LAB_QUIET", "1");
        File out = File.createTempFile("lab-", ".out");
        try {
            pb.redirectOutput(out); // a spawned daemon may keep a pipe open; a file never blocks
            Process p = pb.start();
            boolean done = p.waitFor(seconds, TimeUnit.SECONDS);
            if (!done) {
                p.destroyForcibly();
            }
            String text = Files.readString(out.toPath(), StandardCharsets.UTF_8);
            assertTrue("lab.sh " + String.join(" ", args) + " did not finish in " + seconds + " s:\n" + text, done);
            return new Result(p.exitValue(), text);
        } finally {
            Files.deleteIfExists(out.toPath());
        }
    }

    /** Runs a command inside a member's namespace. */
    String exec(String member, String... command) throws IOException, InterruptedException {
        List<String> args = new ArrayList<>(List.of("exec", member));
        args.addAll(Arrays.asList(command));
        return run(30, args.toArray(new String[0]));
    }

    /** Starts (or with --keep restarts) Vireo on a node: {@code lab.sh vireo NODE args}. */
    void vireo(String node, String... args) throws IOException, InterruptedException {
        vireo(List.of(), node, args);
    }

    /** The same, through a wrapper such as {@code env VIREO_GUARD=off} that the node's processes inherit. */
    void vireo(List<String> wrapper, String node, String... args) throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(List.of("vireo", node));
        all.addAll(Arrays.asList(args));
        if (!all.contains("--keep")) {
            all.addAll(List.of("--dist", System.getProperty("vireo.distribution")));
        }
        Result r = tryRun(120, wrapper, all.toArray(new String[0]));
        assertEquals("lab.sh vireo " + node + " failed:\n" + r.output, 0, r.exit);
    }

    /** Adds the second client, c2 (10.77.1.100), on another subnet of the same switch: {@code lab.sh client2}. */
    void client2() throws IOException, InterruptedException {
        run(60, "client2");
    }

    String cli(String node, String command) throws IOException, InterruptedException {
        return run(60, "vireo-cli", node, command);
    }

    /** The first line of the node's karaf.log since its last start that matches; fails after {@code seconds}. */
    String awaitLog(String node, String regex, int seconds) throws IOException, InterruptedException {
        return run(seconds + 30, "vireo-wait", node, regex, String.valueOf(seconds)).trim();
    }

    /**
     * The lines of the node's karaf.log since its last start that match {@code regex} (a Java regex) now. With
     * {@link #awaitLogLines}, for an event that may also have happened before (a start-up flap of a loaded box): count
     * first, then wait for one more.
     */
    List<String> logLines(String node, String regex) throws IOException {
        Pattern wanted = Pattern.compile(regex);
        Path log = home(node).resolve("data/log/karaf.log");
        Path offsetFile = home(node).resolve("lab-log-offset");
        long offset = Files.exists(offsetFile) ? Long.parseLong(Files.readString(offsetFile).trim()) : 0;
        byte[] all = Files.readAllBytes(log);
        String since = new String(all, (int) Math.min(offset, all.length), (int) Math.max(0, all.length - offset),
            StandardCharsets.UTF_8);
        return since.lines().filter(l -> wanted.matcher(l).find()).toList();
    }

    /**
     * {@link #logLines} once there are at least {@code count}, read every 50 ms (the node's log tells this JVM
     * nothing); fails after {@code seconds}.
     */
    List<String> awaitLogLines(String node, String regex, int count, int seconds) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (true) {
            List<String> lines = logLines(node, regex);
            if (lines.size() >= count) {
                return lines;
            }
            assertTrue("fewer than " + count + " lines of '" + regex + "' in " + node + "'s karaf.log within "
                + seconds + " s: " + lines, System.nanoTime() < end);
            Thread.sleep(50);
        }
    }

    /** Whether such a line comes within {@code seconds} (for what must not happen). */
    boolean logs(String node, String regex, int seconds) throws IOException, InterruptedException {
        return tryRun(seconds + 30, List.of(), "vireo-wait", node, regex, String.valueOf(seconds)).exit == 0;
    }

    /** The time a karaf.log line was written, in epoch milliseconds. */
    static long logMillis(String line) {
        Matcher m = LOG_TIME.matcher(line);
        assertTrue("not a karaf.log line: " + line, m.find());
        return LocalDateTime.parse(m.group(1), KARAF_TIME).atZone(ZoneId.systemDefault()).toInstant().toEpochMilli();
    }

    /** lab.sh kill / vireo-stop print the epoch time (seconds, fraction) of the signal as their last line. */
    static long signalMillis(String output) {
        String[] lines = output.trim().split("\n");
        return Math.round(Double.parseDouble(lines[lines.length - 1].trim()) * 1000);
    }

    /** Whether {@code address} is on the node's eth0 (or another interface given). */
    boolean hasAddress(String node, String address) throws IOException, InterruptedException {
        return exec(node, "ip", "-o", "addr", "show").contains(" " + address + "/");
    }

    /** Waits until the address is (or is not) on the node, polling the kernel; bounded. */
    void awaitAddress(String node, String address, boolean present, int seconds) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (hasAddress(node, address) != present) {
            assertTrue(address + (present ? " did not appear on " : " did not leave ") + node + " within " + seconds
                + " s:\n" + exec(node, "ip", "-o", "addr", "show"), System.nanoTime() < end);
            Thread.sleep(100);
        }
    }

    /** Waits until the client's neighbour entry for {@code address} names {@code mac}; pings to make one. */
    void awaitClientNeighbour(String address, String mac, int seconds) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        String seen = "";
        while (System.nanoTime() < end) {
            tryRun(10, List.of(), "exec", "c", "ping", "-c", "1", "-W", "1", address);
            seen = exec("c", "ip", "neigh", "show", address);
            if (seen.contains("lladdr " + mac)) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the client's neighbour entry for " + address + " is not " + mac + " after "
            + seconds + " s: " + seen);
    }

    /** Keeps the nodes' logs (down deletes them) under target/lab-logs/LAB, for a failed run to be read. */
    private void keepLogs() {
        Path target = Path.of(System.getProperty("vireo.lab.logs", "target/lab-logs"), name);
        try (var dirs = Files.list(state)) {
            for (Path dir : dirs.toList()) {
                for (String log : List.of("data/log/karaf.log", "data/log/vireo-guard.log", "keepalived.log",
                    "karaf.out")) {
                    Path from = dir.resolve(log);
                    if (Files.isRegularFile(from)) {
                        Files.createDirectories(target);
                        Files.copy(from, target.resolve(dir.getFileName() + "-" + from.getFileName()),
                            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        } catch (IOException e) {
            System.err.println("keeping the lab's logs failed: " + e);
        }
    }

    @Override
    public void close() throws Exception {
        keepLogs();
        try {
            tryRun(180, List.of(), "down");
        } finally {
            if (Files.exists(state)) { // down removes what it made; the folder itself is ours
                try (var files = Files.walk(state)) {
                    files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                }
            }
        }
    }
}
