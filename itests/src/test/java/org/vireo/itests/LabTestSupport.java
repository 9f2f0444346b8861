package org.vireo.itests;

import static org.junit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.After;
import org.junit.Before;

/** A lab of its own for each test of a class: up before, down (logs kept) after. */
abstract class LabTestSupport {

    protected Lab lab;
    private final String prefix;
    private final int nodes;
    private final String[] upOptions;

    /**
     * @param prefix    the lab's name prefix (2-3 letters); {@code nodes}: how many appliance namespaces
     * @param upOptions more options of {@code lab.sh up}, e.g. {@code --no-ipv6 n1}
     */
    protected LabTestSupport(String prefix, int nodes, String... upOptions) {
        this.prefix = prefix;
        this.nodes = nodes;
        this.upOptions = upOptions.clone();
    }

    @Before
    public void labUp() throws Exception {
        lab = new Lab(prefix, nodes, upOptions);
    }

    @After
    public void labDown() throws Exception {
        lab.close();
    }

    /** The origin's web server (in the lab's origin namespace), {@link #startOrigin}. */
    protected static final String ORIGIN = "10.77.0.200";
    protected static final int ORIGIN_PORT = 8080;
    protected static final String ORIGIN_URL = "http://" + ORIGIN + ":" + ORIGIN_PORT + "/";
    protected static final String ORIGIN_BODY = "hello from the origin\n";

    /** python's web server in the origin's namespace, serving one page; waits (bounded) until it answers. */
    protected void startOrigin() throws Exception {
        Path root = Files.createTempDirectory("vireo-origin");
        Files.writeString(root.resolve("index.html"), ORIGIN_BODY);
        Path log = root.resolve("http.log");
        lab.run(30, "spawn", "o", log.toString(), "python3", "-m", "http.server", String.valueOf(ORIGIN_PORT),
            "--bind", ORIGIN, "--directory", root.toString());
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (lab.tryRun(10, List.of(), "exec", "c", "curl", "-sf", "-o", "/dev/null", ORIGIN_URL).exit() != 0) {
            assertTrue("the origin does not answer: " + Files.readString(log), System.nanoTime() < end);
            Thread.sleep(100);
        }
    }

    /** Starts python's web server on the node's loopback (what a health monitor checks); returns its process id. */
    protected long startWeb(String node, int port) throws Exception {
        Path root = Files.createTempDirectory("vireo-web-" + node);
        Files.writeString(root.resolve("index.html"), "ok\n");
        Path log = root.resolve("http.log");
        long pid = Long.parseLong(lab.run(30, "spawn", node, log.toString(), "python3", "-m", "http.server",
            String.valueOf(port), "--bind", "127.0.0.1", "--directory", root.toString()).trim());
        // serving: the node's own monitor sees it; here, curl from inside the namespace, bounded
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (lab.tryRun(10, List.of(), "exec", node, "curl", "-sf", "-o", "/dev/null",
            "http://127.0.0.1:" + port + "/").exit() != 0) {
            assertTrue("the web server on " + node + " does not answer: " + Files.readString(log),
                System.nanoTime() < end);
            Thread.sleep(100);
        }
        return pid;
    }

    /** Stops a web server of {@link #startWeb}, and waits until it is gone. */
    protected static void stopWeb(long pid) throws Exception {
        ProcessHandle web = ProcessHandle.of(pid).orElseThrow();
        web.destroy();
        web.onExit().get(10, TimeUnit.SECONDS);
    }

    /** The arguments of curl in the client's namespace through {@code proxy}: the body, then the status code. */
    protected static String[] curlVia(String proxy, String url) {
        return curlVia("c", proxy, url);
    }

    /** The same from another client's namespace ({@code c2}: {@link Lab#client2}). */
    protected static String[] curlVia(String client, String proxy, String url) {
        return new String[] {"exec", client, "curl", "-sS", "--max-time", "10", "-x", proxy, "-w", "%{http_code}\n",
            "-o", "-", url};
    }

    /**
     * n1, a director at priority 150, and n2, a backup at 100 (with {@code n2More} of lab.sh's options): VRID 51,
     * one VIP, adverts every {@code intervalMs}; returns once n1 is master and n2 backup.
     */
    protected void startDirectorAndBackup(String vip, int intervalMs, String... n2More) throws Exception {
        startDirectorAndBackup(vip, intervalMs, List.of(), n2More);
    }

    /** The same, with more options for n1's lab.sh vireo too ({@code --cfg FILE}). */
    protected void startDirectorAndBackup(String vip, int intervalMs, List<String> n1More, String... n2More)
        throws Exception {
        List<String> n1 = new ArrayList<>(List.of("--role", "director", "--vrid", "51", "--priority", "150",
            "--interval-ms", String.valueOf(intervalMs), "--vip", vip));
        n1.addAll(n1More);
        lab.vireo("n1", n1.toArray(String[]::new));
        List<String> n2 = new ArrayList<>(List.of("--role", "backup", "--vrid", "51", "--priority", "100",
            "--interval-ms", String.valueOf(intervalMs), "--vip", vip));
        n2.addAll(List.of(n2More));
        lab.vireo("n2", n2.toArray(String[]::new));
        // two JVMs booting at once: over 2 minutes each on a shared 2-core machine at a load of 13
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 300);
        lab.awaitLog("n2", "vip1 .*-> BACKUP", 120);
    }

    /** {@code ca} (which holds the cluster CA: cluster:init-ca) issues {@code node}'s keystore, password pw-NODE. */
    protected Path issueClusterCert(String ca, String node) throws Exception {
        Path keystore = lab.home(node).resolve("etc/vireo/cluster/node.p12");
        String issued = lab.cli(ca, "cluster:issue-cert --ip " + Lab.ip(node) + " --password pw-" + node
            + " --out " + keystore + " " + node);
        assertTrue(issued, Files.isRegularFile(keystore));
        return keystore;
    }

    /** Writes {@code node}'s etc/org.vireo.cluster.cfg (replaced whole, as an operator would): it joins cluster "lab". */
    protected void joinCluster(String node, List<String> members, Path keystore, String password) throws Exception {
        Path cfg = lab.home(node).resolve("etc/org.vireo.cluster.cfg");
        Path tmp = cfg.resolveSibling("org.vireo.cluster.cfg.tmp");
        Files.writeString(tmp, "clusterName = lab\n"
            + "bindAddress = " + Lab.ip(node) + "\n"
            + "bindPort = 7800\n"
            + "members = " + String.join(", ", members.stream().map(Lab::ip).toList()) + "\n"
            + "keystore = " + keystore + "\n"
            + "keystorePassword = " + password + "\n");
        Files.move(tmp, cfg, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
            java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * {@code nodes} make one cluster "lab": the first makes the cluster CA with the shell and issues each node's
     * certificate, each joins (at once: any may coordinate); returns once each sees a view of them all. A member
     * that joined through the coordinator before a node heard of it is shown by its JGroups UUID until a discovery
     * round brings its name (ClusterLabIT): the view is matched by its size.
     */
    protected void oneCluster(List<String> nodes) throws Exception {
        String first = nodes.get(0);
        String ca = lab.cli(first, "cluster:init-ca --name lab");
        assertTrue(ca, ca.contains("SHA-256"));
        for (String n : nodes) {
            joinCluster(n, nodes, issueClusterCert(first, n), "pw-" + n);
        }
        for (String n : nodes) {
            lab.awaitLog(n, "cluster: view [0-9]+ \\[[^],]+(, [^],]+){" + (nodes.size() - 1) + "}\\]", 90);
        }
    }

    /** The management API's {@code route} on a node: HTTPS on its management address. */
    protected static String apiUrl(String node, String route) {
        return "https://" + Lab.ip(node) + ":8443/api/v1/" + route;
    }

    /** The PEM of the self-signed certificate the node made at its first start, for clients to trust. */
    protected Path apiCertificate(String node) {
        return lab.home(node).resolve("etc/vireo/api/server.crt");
    }

    /** The file holding the password of the node's user admin, written at its first start. */
    protected Path adminPasswordFile(String node) {
        return lab.home(node).resolve("etc/admin.password");
    }

    /** lab.sh's arguments for curl from the client to the node's API trusting {@code ca}: the body, then the status. */
    protected static String[] curlApi(String node, Path ca, String route, String... more) {
        List<String> args = new ArrayList<>(List.of("exec", "c", "curl", "-sS", "--max-time", "10",
            "--cacert", ca.toString(), "-w", "%{http_code}", "-o", "-"));
        args.addAll(List.of(more));
        args.add(apiUrl(node, route));
        return args.toArray(String[]::new);
    }

    /**
     * The route over HTTPS once it answers 200 with a certificate {@code ca} verifies: Jetty restarts to take a new
     * certificate a moment after the log says so, and the API's routes come back a moment after it listens again
     * (1-2 s here; over 30 s on a machine at a load of 14); nothing tells a client when.
     */
    protected String awaitApi(String node, Path ca, String route, String... more) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (true) {
            Lab.Result r = lab.tryRun(30, List.of(), curlApi(node, ca, route, more));
            if (r.exit() == 0 && r.output().endsWith("200")) {
                return r.output();
            }
            assertTrue("no 200 from " + apiUrl(node, route) + " verified by " + ca + " within 90 s: " + r.output(),
                System.nanoTime() < end);
            Thread.sleep(200);
        }
    }

    /**
     * The capture's first VRRP advert sent by the node (its own address: no virtual MAC here), in epoch milliseconds;
     * awaited (10 s) while tcpdump still writes, since nothing says when the frame is in the file.
     */
    protected static double firstAdvertMillis(Path pcap, String node) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            String fields = tshark(pcap, "-Y", "vrrp && ip.src == " + Lab.ip(node), "-T", "fields", "-e",
                "frame.time_epoch");
            for (String line : fields.split("\n")) {
                if (line.matches("\\d+\\.\\d+")) { // tshark's own messages are mixed in
                    return Double.parseDouble(line) * 1000;
                }
            }
            assertTrue("no advert of " + node + " in the capture within 10 s:\n" + fields, System.nanoTime() < end);
            Thread.sleep(200);
        }
    }

    /** tshark reading a capture with {@code args}: its output and its messages. */
    protected static String tshark(Path pcap, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("tshark", "-n", "-r", pcap.toString()));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue("tshark did not finish", p.waitFor(60, TimeUnit.SECONDS));
        return out;
    }

    /** Waits until {@code vip} is on {@code owner} and not on {@code other}. */
    protected void awaitVipMoved(String vip, String owner, String other) throws Exception {
        lab.awaitAddress(owner, vip, true, 5);
        lab.awaitAddress(other, vip, false, 5);
    }

    /** Writes {@code node}'s etc/{@code name} whole, as an operator would (a rename: never read half-written). */
    protected void writeEtc(String node, String name, String text) throws Exception {
        Path file = lab.home(node).resolve("etc/" + name);
        Path tmp = file.resolveSibling(name + ".tmp");
        Files.writeString(tmp, text);
        Files.move(tmp, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
            java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Holds {@code count} client connections open on {@code node}'s proxy (port 3128) from the client's namespace for
     * {@code seconds}, opening a new one for any the proxy closes (its idle timeout): load its report carries.
     */
    protected void holdProxyConnections(String node, int count, int seconds) throws Exception {
        lab.run(30, "spawn", "c", lab.home(node).resolve("holder.log").toString(), "python3", "-c", String.join("\n",
            "import socket, select, time",
            "addr = ('" + Lab.ip(node) + "', 3128)",
            "end = time.time() + " + seconds,
            "socks = [socket.create_connection(addr) for _ in range(" + count + ")]",
            "print('holding', len(socks), flush=True)",
            "while time.time() < end:",
            "    readable, _, _ = select.select(socks, [], [], 1)",
            "    for s in readable:",
            "        s.close(); socks.remove(s); socks.append(socket.create_connection(addr))"));
    }
}
