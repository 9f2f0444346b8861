package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.sun.net.httpserver.HttpServer;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

/**
 * The distribution as an operator meets it: unpacked from the tarball, started with its own scripts,
 * driven through bin/client and bin/vireo-cli over SSH with the credential the first start created.
 */
public class DistributionScriptsIT {

    private static final long TIMEOUT_MS = 90_000;

    private UnpackedNode node;
    private Path home;
    private String balancerPort;
    private String proxyPort;

    @Before
    public void unpack() throws Exception {
        node = UnpackedNode.unpack(Path.of("target", "dist-it").toAbsolutePath());
        home = node.home;
        balancerPort = node.balancerPort;
        proxyPort = node.proxyPort;
    }

    @After
    public void stop() throws Exception {
        node.close();
    }

    @Test
    public void firstStartCreatesAHashedAdminLoginAndRoleSwitchesHotThroughTheClient() throws Exception {
        String stderr = node.start(Map.of("VIREO_ROLE", "backup", "VIREO_NODE_NAME", "dist-it"), "backup");
        assertTrue(stderr, stderr.contains("created the login 'admin'; its password is in " + home.resolve("etc")
            + "/admin.password"));

        Path passwordFile = home.resolve("etc/admin.password");
        assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE),
            Files.getPosixFilePermissions(passwordFile));
        String password = Files.readString(passwordFile).trim();
        assertTrue(password, password.length() >= 32);
        String users = Files.readString(home.resolve("etc/users.properties"));
        assertFalse("the clear password must not be in users.properties", users.contains(password));
        assertTrue(users, users.contains("admin = {CRYPT}" + sha256(password) + "{CRYPT},_g_:admingroup"));
        assertTrue(users, users.contains("_g_\\:viewergroup = group,viewer"));

        // a clean first start logs no error (the log's errors are what /api/v1/node/log shows an operator)
        List<String> errors = Files.readAllLines(home.resolve("data/log/karaf.log")).stream()
            .filter(l -> l.contains("| ERROR |")).toList();
        assertEquals(String.join("\n", errors), List.of(), errors);

        String status = vireoCli("vireo:status");
        assertTrue(status, status.contains("Node:           dist-it"));
        assertTrue(status, status.contains("Role:           backup"));
        assertTrue(status, status.contains("Role features:  vireo-backup"));

        // Karaf's client in batch mode, as an operator's script would use it
        String switched = run(List.of(home.resolve("bin/client").toString(), "-u", "admin", "-p", password,
            "-r", "30", "-d", "1", "-b"), "vireo:role director\n");
        assertTrue(switched, switched.contains("role backup -> director: installed vireo-director;"
            + " uninstalled vireo-backup"));
        status = vireoCli("vireo:status");
        assertTrue(status, status.contains("Role:           director"));
        assertTrue(status, status.contains("Role features:  vireo-director"));

        String refused = vireoCli("vireo:role chief");
        assertTrue(refused, refused.contains("unknown role 'chief': accepted roles are director, backup, scanner"));
        assertTrue(vireoCli("vireo:status").contains("Role features:  vireo-director"));
    }

    @Test
    public void withNoRoleGivenTheNodeIsTheAllInOneApplianceAndFiltersThroughItsOwnBalancer() throws Exception {
        HttpServer origin = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        origin.createContext("/", exchange -> {
            byte[] body = "hello from the origin\n".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        origin.start();
        try {
            long logOffset = node.launch(Map.of());
            // the README's first curl, as early as it can be: client -> balancer -> this node's scanner, the moment
            // the balancer accepts. It listens before its scanner does, or before its check of the scanner has a
            // verdict; a client that came then was reset (curl: (56) Recv failure) until two checks 2 s apart saw
            // the scanner up, also after the node said it was ready. The scanner's own answer (here its refusal of
            // an origin on this node's loopback, as its management ports are) shows the client was served.
            awaitAccepting(Integer.parseInt(balancerPort));
            // and its scanner listening: the balancer holds a client for a scanner that is starting (refused its
            // connect) up to connectTimeoutMillis (2 s), and on a loaded two-core machine the role's install can
            // start the proxy more than that after the balancer (seen: 1.9 s after the first refused connect)
            awaitAccepting(Integer.parseInt(proxyPort));
            // the origin listens on this node's loopback only: through the balancer (a client's way in) the scanner
            // refuses it, by any name, until a rule names the destination
            String url = "http://127.0.0.1:" + origin.getAddress().getPort() + "/";
            String refused = curl(url);
            assertTrue(refused, refused.endsWith("403\n") && refused.contains("destination:loopback"));
            String byName = curl("http://localhost:" + origin.getAddress().getPort() + "/");
            assertTrue(byName, byName.endsWith("403\n"));
            // curl, as browsers, sends 2130706433 as 127.0.0.1 (403); one that sends it as written gets 400
            String numeric = curl("http://2130706433:" + origin.getAddress().getPort() + "/");
            assertTrue(numeric, numeric.endsWith("403\n") || numeric.endsWith("400\n"));
            allowLoopbackOrigin(origin.getAddress().getPort());

            // client -> balancer -> this node's scanner -> origin, as curl -x http://127.0.0.1:9090 in the README
            String allowed = curl(url);
            assertTrue(allowed, allowed.equals("hello from the origin\n200\n"));
            node.awaitLogLine(logOffset, "role director active");
            String status = vireoCli("vireo:status");
            assertTrue(status, status.contains("Role:           director (also scanning)"));
            String blocked = curl("http://www.blocked.example/page");
            assertTrue(blocked, blocked.endsWith("403\n"));
            assertTrue(blocked, blocked.contains("blocked by the example rule of etc/vireo/rules.conf"));

            String scanners = vireoCli("balancer:scanners");
            assertTrue(scanners, scanners.matches("(?s).*127\\.0\\.0\\.1:" + proxyPort + " +\\| UP .*"));
            assertTrue(scanners, scanners.contains("balancer-127.0.0.1-" + proxyPort));
            String stats = vireoCli("balancer:stats");
            assertTrue(stats, stats.contains("Mode:        standalone"));
            assertTrue(stats, stats.contains("Problems:    none"));
            assertTrue(vireoCli("health:list").contains("balancer-127.0.0.1-" + proxyPort));
            // no management address on this node: the API on loopback only, and why no HTTPS
            String api = vireoCli("api:status");
            assertTrue(api, api.contains("Plain HTTP:    127.0.0.1 port " + node.httpPort + " (loopback only)"));
            assertTrue(api, api.contains("HTTPS:         off - no address to listen on: set managementAddress"));

            // the same exchanges in the metrics (read after their log lines: the proxy counts an exchange as it ends)
            String metrics = api("/metrics");
            assertTrue(metrics, metrics.contains("vireo_scanner_requests_total{code=\"2xx\"} 1.0")
                || metrics.contains("vireo_scanner_requests_total{code=\"2xx\"} 1\n"));
            assertTrue(metrics, metrics.matches("(?s).*vireo_scanner_requests_total\\{code=\"4xx\"\\} [1-9].*"));
            assertTrue(metrics, metrics.matches("(?s).*vireo_scanner_request_duration_seconds_count [1-9].*"));
            assertTrue(metrics, metrics.contains("vireo_balancer_connections{scanner=\"127.0.0.1:" + proxyPort
                + "\"}"));
            // and in the API: one 200 and four 403s (the loopback origin by address, by name and as a number, which
            // may also be a 400; the blocked page), none of them a tunnel; each exchange timed
            String proxy = api("/api/v1/scanner");
            assertTrue(proxy, proxy.startsWith("{\"listening\":true,"));
            assertTrue(proxy, proxy.contains("\"responsesByStatusClass\":{\"1xx\":0,\"2xx\":1,\"3xx\":0,\"4xx\":4,"
                + "\"5xx\":0}"));
            assertTrue(proxy, proxy.contains("\"tunnels\":0,"));
            assertTrue(proxy, number(proxy, "requestsStarted") >= 4 && number(proxy, "requestsStarted") <= 5);
            assertTrue(proxy, number(proxy, "bytesToClients") >= "hello from the origin\n".length());
            assertTrue(proxy, proxy.matches("(?s).*\"requestDurations\":\\{\"buckets\":\\[\\{\"upperBoundSeconds\":0\\.005,"
                + "\"count\":\\d+}.*\\{\"upperBoundSeconds\":10\\.0,\"count\":[1-5]}],\"count\":[1-5],"
                + "\"sumSeconds\":[\\d.E-]+}}"));
        } finally {
            origin.stop(0);
        }
    }

    /** A GET of the node's management API with the admin's login (following redirects): the body. */
    private String api(String path) throws Exception {
        return run(List.of("curl", "-sS", "--max-time", "20", "-L", "-u", "admin:"
            + Files.readString(home.resolve("etc/admin.password")).trim(), "http://127.0.0.1:" + node.httpPort + path));
    }

    /** The first number named {@code field} in a JSON text. */
    private static long number(String json, String field) {
        Matcher m = Pattern.compile("\"" + field + "\":(\\d+)").matcher(json);
        assertTrue(field + " in " + json, m.find());
        return Long.parseLong(m.group(1));
    }

    /** A rule naming the loopback origin, written above the shipped rules as an operator would (renamed in). */
    private void allowLoopbackOrigin(int port) throws Exception {
        long from = node.logLength();
        Path rules = home.resolve("etc/vireo/rules.conf");
        Path next = rules.resolveSibling("rules.conf.new");
        Files.writeString(next, "rule test-origin allow destination 127.0.0.1 port " + port + "\n"
            + Files.readString(rules));
        Files.move(next, rules, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
            java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        node.awaitLogLine(from, "rules.conf in force: 3 rules");
    }

    /** curl through the node's balancer: the body, then the status code. */
    private String curl(String url) throws Exception {
        return run(List.of("curl", "-sS", "--max-time", "20", "-x", "http://127.0.0.1:" + balancerPort,
            "-w", "%{http_code}\n", "-o", "-", url));
    }

    @Test
    public void aWrongPasswordIsRefused() throws Exception {
        node.start(Map.of("VIREO_ROLE", "scanner"), "scanner");
        vireoCli("vireo:status"); // the shell is up and the right password works
        Process client = process(List.of(home.resolve("bin/client").toString(), "-u", "admin", "-p",
            "not-the-password", "-r", "1", "-b"), "vireo:status\n");
        String out = new String(client.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue("bin/client timed out", client.waitFor(TIMEOUT_MS, TimeUnit.MILLISECONDS));
        assertNotEquals(out, 0, client.exitValue());
        assertTrue(out, out.contains("No more authentication methods available"));
        assertFalse(out, out.contains("Node:"));
    }

    @Test
    public void aRestartKeepsTheRoleRecordedAtTheFirstStartAndNoNewPasswordIsMade() throws Exception {
        node.start(Map.of("VIREO_ROLE", "director"), "director");
        String director = jvmCommandLine();
        assertTrue("a VRRP node's collector: " + director, director.contains(" -XX:+UseZGC "));
        assertTrue("ZGC reuses its pages (a soft maximum heap): " + director,
            director.contains(" -XX:SoftMaxHeapSize=256m "));
        String password = Files.readString(home.resolve("etc/admin.password"));
        // Karaf writes the recorded role back to the file a moment after the node logged it
        Files2.awaitFileMatches(home.resolve("etc/org.vireo.node.cfg"), "(?s).*\\nrole = director\\n.*", TIMEOUT_MS);
        stop();

        String stderr = node.start(Map.of(), "director"); // no VIREO_ROLE now: the configuration decides
        assertTrue("the recorded role's collector", jvmCommandLine().contains(" -XX:+UseZGC "));
        assertFalse(stderr, stderr.contains("created the login"));
        assertEquals(password, Files.readString(home.resolve("etc/admin.password")));
        String status = vireoCli("vireo:status");
        assertTrue(status, status.contains("Role:           director"));
    }

    @Test
    public void theGuardBesideTheJvmUndoesWhatAKilledJvmHeld() throws Exception {
        node.start(Map.of("VIREO_ROLE", "scanner"), "scanner");
        String commandLine = jvmCommandLine();
        assertTrue("a scanner runs no VRRP and gets the collector of lower CPU cost: " + commandLine,
            commandLine.contains(" -XX:+UseG1GC ") && !commandLine.contains("ZGC"));
        Path guardLog = home.resolve("data/log/vireo-guard.log");
        Files2.awaitFileMatches(guardLog, "(?s).*guarding pid \\d+.*", TIMEOUT_MS);
        Matcher m = Pattern.compile("vireo-guard\\[(\\d+)\\] guarding pid (\\d+)")
            .matcher(Files.readString(guardLog));
        assertTrue(m.find());
        long guard = Long.parseLong(m.group(1));
        long jvm = Long.parseLong(m.group(2));
        assertEquals("the guard is the Karaf JVM's child", jvm,
            (long) ProcessHandle.of(guard).orElseThrow().parent().orElseThrow().pid());
        // what the node would hold, on an interface that does not exist: the guard's attempts fail harmlessly in
        // this (root) namespace, and show that it runs on the distribution's jars (pcap4j, JNA, slf4j API)
        Files.createDirectories(home.resolve("data/vireo"));
        Files.writeString(home.resolve("data/vireo/guard.state"),
            "pid " + jvm + "\nentry vi_it hg-none0 192.0.2.51/32 - 01005e0000120000\n");

        ProcessHandle.of(jvm).orElseThrow().destroyForcibly();

        Files2.awaitFileMatches(guardLog, "(?s).*: done\n.*", TIMEOUT_MS);
        Optional<ProcessHandle> stillThere = ProcessHandle.of(guard);
        if (stillThere.isPresent()) {
            stillThere.get().onExit().get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
        }
        String log = Files.readString(guardLog);
        assertTrue(log, log.contains("pid " + jvm + " has ended"));
        assertTrue(log, log.contains("cannot send the frames of vi_it on hg-none0: cannot open hg-none0 with libpcap"));
        assertTrue(log, log.contains("cannot remove 192.0.2.51/32 from hg-none0"));
        assertFalse(log, log.contains("Exception in thread") || log.contains("NoClassDefFoundError"));
        assertTrue("bin/karaf ends with its JVM", node.process().waitFor(TIMEOUT_MS, TimeUnit.MILLISECONDS));
    }

    @Test
    public void vireoSrvRunsTheClientJarWithNoKarafRunning() throws Exception {
        Path script = home.resolve("bin/vireo-srv");
        assertTrue("bin/vireo-srv is executable in the archive", Files.isExecutable(script));
        assertTrue(Files.isRegularFile(home.resolve("lib/client/vireo-srv-client.jar")));

        // an IP literal is its own candidate: no DNS asked
        String resolved = run(List.of(script.toString(), "resolve", "127.0.0.1:8443"));
        assertTrue(resolved, resolved.contains("source: LITERAL"));
        assertTrue(resolved, resolved.matches("(?s).*\\n1 +127\\.0\\.0\\.1 +0 +0 +8443 +127\\.0\\.0\\.1\\n.*"));
        assertFalse("dnsjava's logging stays quiet: " + resolved, resolved.contains("SLF4J"));

        HttpServer login = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        login.createContext("/", exchange -> {
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        login.start();
        try {
            String url = "http://127.0.0.1:" + login.getAddress().getPort() + "/";
            String connected = run(List.of(script.toString(), "connect", "127.0.0.1:" + login.getAddress().getPort(),
                "--scheme", "http", "--timeout", "5000"));
            assertTrue(connected, connected.contains("connected: " + url));
        } finally {
            login.stop(0);
        }

        Process usage = process(List.of(script.toString()), null);
        String out = new String(usage.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue("bin/vireo-srv timed out", usage.waitFor(TIMEOUT_MS, TimeUnit.MILLISECONDS));
        assertEquals(out, 2, usage.exitValue());
        assertTrue(out, out.startsWith("usage: vireo-srv resolve <address>"));
    }

    /**
     * Until a TCP connect to the port on 127.0.0.1 succeeds: nothing else tells the moment a listener binds. Bounded
     * by twice the usual timeout: it spans the whole boot, which took over 2 minutes on a loaded machine.
     */
    private void awaitAccepting(int port) throws Exception {
        long deadline = System.currentTimeMillis() + 2 * TIMEOUT_MS;
        while (true) {
            try (Socket probe = new Socket()) {
                probe.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
                return;
            } catch (ConnectException notYet) {
                assertTrue("Karaf exited before anything listened on " + port, node.isAlive());
                assertTrue("nothing listened on " + port + " within " + 2 * TIMEOUT_MS + " ms",
                    System.currentTimeMillis() < deadline);
                Thread.sleep(10);
            }
        }
    }

    /** The Karaf JVM's command line (bin/karaf runs it through bin/vireo-java), arguments space-separated. */
    private String jvmCommandLine() throws IOException {
        Process karaf = node.process();
        for (ProcessHandle p : Stream.concat(Stream.of(karaf.toHandle()), karaf.descendants()).toList()) {
            String cmdline = Files.readString(Path.of("/proc", Long.toString(p.pid()), "cmdline"))
                .replace('\0', ' ');
            if (cmdline.contains("org.apache.karaf.main.Main")) {
                return " " + cmdline;
            }
        }
        throw new AssertionError("no Karaf JVM under bin/karaf (pid " + karaf.pid() + ")");
    }

    private String vireoCli(String command) throws Exception {
        return runAllowingFailure(List.of(home.resolve("bin/vireo-cli").toString(), command), null);
    }

    private static String run(List<String> command) throws Exception {
        return run(command, null);
    }

    private static String run(List<String> command, String stdin) throws Exception {
        Process p = process(command, stdin);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(command + " timed out", p.waitFor(TIMEOUT_MS, TimeUnit.MILLISECONDS));
        assertEquals(command + " failed: " + out, 0, p.exitValue());
        return out;
    }

    private static String runAllowingFailure(List<String> command, String stdin) throws Exception {
        Process p = process(command, stdin);
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(command + " timed out", p.waitFor(TIMEOUT_MS, TimeUnit.MILLISECONDS));
        return out;
    }

    private static Process process(List<String> command, String stdin) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true);
        Process p = pb.start();
        if (stdin != null) {
            p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        p.getOutputStream().close();
        return p;
    }

    private static String sha256(String s) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
    }
}
