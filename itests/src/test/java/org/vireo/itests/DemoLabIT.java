package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.Test;

/**
 * The demo cluster of the README (lab/demo.sh, issue 25), as a user runs it: {@code up} (two directors on one VIP, two
 * scanners, client, origin with web, FTP and DNS, the cluster's CA and config sync, loopback forwarders), the health
 * route of a node through the forwarder port the table prints, a bounded {@code traffic} from the client through the
 * VIP while {@code fail} crashes the master director (JVM killed, cable cut), where no request may fail for longer than
 * the backup's Master_Down_Interval + 200 ms, {@code heal}, and {@code down}, after which the root namespace (addresses,
 * links, routes, namespaces) is as it was before and no process of the demo runs.
 */
public class DemoLabIT {

    /** Adverts every 200 ms: a failover well under a second, and no flaps while five JVMs boot on two cores. */
    private static final int ADVERT_MS = 200;
    /** The backup director's priority, as demo.sh sets it (n2; n1 has 150). */
    private static final int BACKUP_PRIORITY = 100;
    private static final String VIP = "10.77.0.50";
    private static final Pattern SUMMARY = Pattern.compile("traffic-summary requests=(\\d+) ok=(\\d+) failed=(\\d+)"
        + " longest_failure_ms=(\\d+) longest_gap_ms=(\\d+)");

    private final String lab = "dm" + ProcessHandle.current().pid() % 10_000; // never a developer's demo
    private final Path state = Path.of("/tmp/vireo-lab-" + lab);
    private final String[] upOptions = {"up", "--scanners", "2", "--advert-ms", String.valueOf(ADVERT_MS),
        "--port-base", String.valueOf(freePortBase(4)), "--dist", System.getProperty("vireo.distribution")};

    @Test
    public void upTrafficThroughACrashOfTheMasterHealAndDownLeaveNothingBehind() throws Exception {
        String rootBefore = rootNamespace();
        long started = System.currentTimeMillis();
        boolean down = false;
        try {
            String table = demo(900, upOptions);
            long up = System.currentTimeMillis();
            int apiPort = apiPort(table, "n1");
            HttpResponse<String> health = get("http://127.0.0.1:" + apiPort + "/api/v1/health");
            assertEquals(health.body(), 200, health.statusCode());
            assertTrue(health.body(), health.body().contains("\"ready\":true"));
            HttpResponse<String> console = get("http://127.0.0.1:" + apiPort + "/console/");
            assertEquals(200, console.statusCode());
            assertTrue(console.body(), console.body().toLowerCase(java.util.Locale.ROOT).contains("<html"));
            String master = vipHolder();
            assertEquals("the director at priority 150 is master:\n" + table, "n1", master);
            String again = demo(120, upOptions);
            assertTrue(again, again.contains("the demo is already up") && again.contains("master now: n1"));

            String summary = trafficThroughACrashOf(master);
            Matcher m = SUMMARY.matcher(summary);
            assertTrue(summary, m.find());
            long failed = Long.parseLong(m.group(3));
            long longestFailure = Long.parseLong(m.group(4));
            long limit = Lab.masterDownMillis(ADVERT_MS, BACKUP_PRIORITY) + 200;
            assertTrue("the crash fell within the load, which saw it:\n" + summary, failed > 0);
            assertTrue("requests failed for " + longestFailure + " ms in a row; Master_Down_Interval + 200 ms = "
                + limit + " ms:\n" + summary, longestFailure <= limit);
            assertEquals("n2 holds the VIP after the crash of n1", "n2", vipHolder());
            long failedOver = System.currentTimeMillis();

            String healed = demo(600, "heal", master);
            assertTrue(healed, healed.contains(master + " is back and ready"));
            long back = System.currentTimeMillis();

            keepLogs();
            String downOutput = demo(300, "down");
            down = true;
            // the traffic's whole output: the requests around its longest failure say what ended it
            System.out.printf("DemoLabIT: up %d ms; longest failure %d ms (limit %d ms); heal %d ms; down %d ms; %d ms"
                + " in all; the traffic through the crash of %s:%n%s%n", up - started, longestFailure, limit,
                back - failedOver, System.currentTimeMillis() - back, System.currentTimeMillis() - started, master,
                summary);
            assertTrue(downOutput, downOutput.contains("the demo is down"));
        } finally {
            if (!down) {
                keepLogs();
                demo(300, "down");
            }
        }
        assertEquals("the root namespace after down", rootBefore, rootNamespace());
        assertEquals("processes of the demo after down", List.of(), demoProcesses());
        assertTrue("demo.sh left its state dir " + state, !Files.exists(state));
        try (var netns = Files.list(Path.of("/etc/netns")).filter(p -> p.getFileName().toString().startsWith(lab))) {
            assertEquals("resolvers left in /etc/netns", List.of(), netns.toList());
        } catch (java.nio.file.NoSuchFileException none) {
            // no /etc/netns at all: nothing left there
        }
    }

    /**
     * {@code demo.sh traffic} in the client while {@code demo.sh fail NODE} crashes the master once the first answer
     * came; returns the traffic's output (its summary at the end).
     */
    private String trafficThroughACrashOf(String node) throws Exception {
        Process traffic = demoCommand("traffic", "--seconds", "8", "--rate", "50", "--timeout-ms", "300", "--workers",
            "32").start();
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        StringBuilder all = new StringBuilder();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(traffic.getInputStream(),
                StandardCharsets.UTF_8))) {
                for (String line; (line = r.readLine()) != null;) {
                    lines.add(line);
                }
            } catch (IOException ignored) {
                // the process is gone; what it said is in the queue
            }
        });
        reader.start();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String line;
        do {
            line = lines.poll(Math.max(1, end - System.nanoTime()), TimeUnit.NANOSECONDS);
            assertTrue("no answer through the VIP within 30 s:\n" + all, line != null);
            all.append(line).append('\n');
        } while (!line.startsWith("traffic: first answer"));
        String failed = demo(60, "fail", node);
        assertTrue(failed, failed.contains(node + " crashed"));
        assertTrue("the traffic did not end within 30 s", traffic.waitFor(30, TimeUnit.SECONDS));
        reader.join(10_000);
        lines.forEach(l -> all.append(l).append('\n'));
        assertEquals("demo.sh traffic failed:\n" + all, 0, traffic.exitValue());
        return all + failed;
    }

    /** The port of the node's API in the table {@code up} prints: {@code nK ... http://127.0.0.1:PORT/api/v1/}. */
    private static int apiPort(String table, String node) {
        Matcher m = Pattern.compile("(?m)^" + node + " .*http://127\\.0\\.0\\.1:(\\d+)/api/v1/").matcher(table);
        assertTrue("no API address of " + node + " in the table:\n" + table, m.find());
        return Integer.parseInt(m.group(1));
    }

    /** The director with the VIP on its interface (a crashed one keeps it until its guard removes it: n2 first). */
    private String vipHolder() throws Exception {
        for (String node : List.of("n2", "n1")) {
            if (run(30, "ip", "-n", lab + "-" + node, "-o", "addr", "show").contains(" " + VIP + "/")) {
                return node;
            }
        }
        return "none";
    }

    private static HttpResponse<String> get(String url) throws Exception {
        // redirects followed: /console/ sends a browser on to its login page (303)
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NORMAL).build();
        return client.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(20)).build(),
            HttpResponse.BodyHandlers.ofString());
    }

    /** A base for the forwarders' ports: base+1 .. base+count free now, below the ephemeral range. */
    private static int freePortBase(int count) {
        for (int attempt = 0; attempt < 100; attempt++) {
            int base = ThreadLocalRandom.current().nextInt(2000, 2800) * 10;
            boolean free = true;
            for (int p = base + 1; p <= base + count && free; p++) {
                try (ServerSocket s = new ServerSocket(p, 1, java.net.InetAddress.getLoopbackAddress())) {
                    free = true;
                } catch (IOException taken) {
                    free = false;
                }
            }
            if (free) {
                return base;
            }
        }
        throw new IllegalStateException("no free ports for the forwarders");
    }

    /** What the root namespace holds: addresses, links, routes of both families, namespaces (as lab-selftest.sh). */
    private static String rootNamespace() throws Exception {
        return "## addr\n" + run(30, "ip", "-o", "addr") + "## link\n" + run(30, "ip", "-o", "link")
            + "## route\n" + run(30, "ip", "route") + "## route6\n" + run(30, "ip", "-6", "route")
            + "## netns\n" + run(30, "ip", "netns", "list");
    }

    /** Processes whose command line names the demo's namespaces or state dir (its JVMs, servers and forwarders). */
    private List<String> demoProcesses() {
        List<String> found = new ArrayList<>();
        ProcessHandle.allProcesses().forEach(p -> {
            String line = String.join(" ", p.info().commandLine().orElse(""));
            if (line.contains(lab + "-") || line.contains(state.toString())) {
                found.add(p.pid() + " " + line);
            }
        });
        return found;
    }

    /** Copies the nodes' logs (down deletes them) into target/lab-logs/LAB, for a failed run to be read. */
    private void keepLogs() {
        Path target = Path.of(System.getProperty("vireo.lab.logs", "target/lab-logs"), lab);
        try (var dirs = Files.list(state)) {
            for (Path dir : dirs.filter(d -> d.getFileName().toString().startsWith("vireo-n")).toList()) {
                for (String log : List.of("data/log/karaf.log", "karaf.out")) {
                    Path from = dir.resolve(log);
                    if (Files.isRegularFile(from)) {
                        Files.createDirectories(target);
                        Files.copy(from, target.resolve(dir.getFileName() + "-" + from.getFileName()),
                            StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        } catch (IOException e) {
            System.err.println("keeping the demo's logs failed: " + e);
        }
    }

    private ProcessBuilder demoCommand(String... args) {
        List<String> command = new ArrayList<>(List.of("bash",
            new File(System.getProperty("vireo.lab"), "demo.sh").getPath()));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        pb.environment().put("LAB", lab);
        pb.environment().put("DEMO_STATE", state.toString());
        return pb;
    }

    /** Runs {@code demo.sh args}; fails unless it exits 0 within {@code seconds}. Returns its output. */
    private String demo(int seconds, String... args) throws Exception {
        Path out = Files.createTempFile("demo-", ".out");
        try {
            // into a file: a daemon it spawns could hold a pipe open after demo.sh is done
            Process p = demoCommand(args).redirectOutput(out.toFile()).start();
            boolean done = p.waitFor(seconds, TimeUnit.SECONDS);
            if (!done) {
                p.destroyForcibly();
            }
            String text = Files.readString(out);
            assertTrue("demo.sh " + String.join(" ", args) + " did not finish in " + seconds + " s:\n" + text, done);
            assertEquals("demo.sh " + String.join(" ", args) + " failed:\n" + text, 0, p.exitValue());
            return text;
        } finally {
            Files.deleteIfExists(out);
        }
    }

    private static String run(int seconds, String... command) throws Exception {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(String.join(" ", command) + " did not finish", p.waitFor(seconds, TimeUnit.SECONDS));
        return out;
    }
}
