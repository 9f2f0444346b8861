package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;

import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * IPv6 in the data path (issue 24), on one lab shared by the tests: n1 a director, master of VIP group
 * {@code fe80::53, fd77::53} (link-local first, as RFC 5798 wants), balancing to two scanners, n2 listed by its IPv6
 * address and n3 by its IPv4 one; the origin serves HTTP and FTP (vsftpd) on fd77::200 only; two clients, c
 * (fd77::100) and c2 (fd77:0:0:1::100, on another subnet), whose network the scanners' rules block. curl -6 through
 * the VIP gets the origin's page through either scanner (drained in turn), the scanner's access log names the client
 * by its IPv6 address, c2 gets the block page, a name with only an AAAA record is reached, and FTP downloads in
 * extended passive (EPSV) and active (EPRT) mode arrive whole. And srv:connect on n1 (dnsmasq on the origin) tries a
 * target's IPv6 address first and its IPv4 one a connection attempt delay later (RFC 8305).
 */
public class Ipv6DataPathLabIT {

    private static final String VIP = "fd77::53";
    private static final String PROXY = "http://[" + VIP + "]:9090";
    private static final String CLIENT = "fd77::100";
    private static final String CLIENT2 = "fd77:0:0:1::100";
    private static final String ORIGIN = "fd77::200";
    private static final String ORIGIN_URL = "http://[" + ORIGIN + "]:8080/";
    private static final String ORIGIN_BODY = "hello from the IPv6 origin\n";
    /** A name with an AAAA record only, in the scanners' hosts file (the JDK resolver's, as for DNS). */
    private static final String ORIGIN_NAME = "origin6.lab.example";
    private static final String V6_SCANNER = "[fd77::12]:3128";
    private static final String V4_SCANNER = Lab.ip("n3") + ":3128";
    private static final int FTP_SIZE = 4 << 20;

    private static Lab lab;
    private static byte[] ftpFile;

    @BeforeClass
    public static void labUp() throws Exception {
        lab = new Lab("d6", 3);
        try {
            start();
        } catch (Exception | AssertionError e) {
            lab.close();
            throw e;
        }
    }

    @AfterClass
    public static void labDown() throws Exception {
        if (lab != null) {
            lab.close();
        }
    }

    private static void start() throws Exception {
        startOrigin();
        ftpFile = new byte[FTP_SIZE];
        new Random(24).nextBytes(ftpFile);
        Vsftpd.start(lab, ORIGIN, ftpFile);
        lab.client2();
        Path balancer = balancerCfg();
        Path scanner = lab.file("org.vireo.scanner.proxy.cfg", "directors = " + Lab.ip("n1") + ", fd77::11\n");
        // the JVM's resolver reads this file instead of asking DNS (there is no DNS server in the lab)
        String self = Files.readString(Path.of("/proc/sys/kernel/hostname")).trim(); // InetAddress.getLocalHost()
        Path hosts = lab.file("hosts", "127.0.0.1 localhost " + self + "\n::1 localhost\n" + ORIGIN + " "
            + ORIGIN_NAME + "\n");
        for (String node : List.of("n2", "n3")) {
            lab.vireo(List.of("env", "EXTRA_JAVA_OPTS=-Djdk.net.hosts.file=" + hosts), node, "--role", "scanner",
                "--cfg", scanner.toString(), "--cfg", balancer.toString());
        }
        lab.vireo("n1", "--role", "director", "--vrid", "53", "--priority", "150", "--interval-ms", "1000", "--vip",
            "fe80::53," + VIP, "--cfg", balancer.toString());
        for (String node : List.of("n2", "n3")) {
            lab.awaitLog(node, "rules .*rules.conf in force", 150);
            blockTheSecondClientsNetwork(node);
            lab.awaitLog(node, "FTP proxy listening on .*:2121, passive ports 50000-50019", 60);
        }
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 150);
        lab.awaitLog("n1", "balancer: listening on \\[fd77::53\\]:9090 \\(http\\)", 30);
        lab.awaitLog("n1", "balancer: listening on \\[fe80::53%eth0\\]:9090 \\(http\\)", 30);
        lab.awaitLog("n1", "balancer: scanner \\[fd77::12\\]:3128 UP", 60);
        lab.awaitLog("n1", "balancer: scanner 10\\.77\\.0\\.13:3128 UP", 60);
    }

    /** python's web server on the origin's IPv6 address only; waits (bounded) until the client gets its page. */
    private static void startOrigin() throws Exception {
        Path root = Files.createTempDirectory("vireo-d6-origin");
        Files.writeString(root.resolve("index.html"), ORIGIN_BODY);
        lab.run(30, "spawn", "o", root.resolve("http.log").toString(), "python3", "-m", "http.server", "8080",
            "--bind", ORIGIN, "--directory", root.toString());
        awaitClient("the origin's web server", "curl", "-sf", "-o", "/dev/null", ORIGIN_URL);
    }

    /** Until {@code command} succeeds in the client's namespace (the server has read its configuration), 20 s. */
    private static void awaitClient(String what, String... command) throws Exception {
        List<String> args = new ArrayList<>(List.of("exec", "c"));
        args.addAll(List.of(command));
        long end = System.nanoTime() + 20_000_000_000L;
        Lab.Result r;
        while ((r = lab.tryRun(10, List.of(), args.toArray(String[]::new))).exit() != 0) {
            assertTrue(what + " does not answer on " + ORIGIN + ": " + r.output(), System.nanoTime() < end);
            Thread.sleep(100);
        }
    }

    /** The shipped table with the two scanners (one per family), 20 passive ports, no slow start, quick checks. */
    private static Path balancerCfg() throws Exception {
        Path shipped = Path.of(System.getProperty("vireo.lab")).resolveSibling("config/org.vireo.balancer.cfg");
        String text = Files.readString(shipped)
            .replaceFirst("(?m)^scanners = .*$", "scanners = " + V6_SCANNER + ", " + V4_SCANNER)
            .replaceFirst("(?m)^ftpPassivePorts =.*$", "ftpPassivePorts = 50000-50019")
            .replaceFirst("(?m)^slowStartSeconds = .*$", "slowStartSeconds = 0")
            .replaceFirst("(?m)^checkIntervalMillis = .*$", "checkIntervalMillis = 500")
            .replaceFirst("(?m)^checkTimeoutMillis = .*$", "checkTimeoutMillis = 400");
        assertTrue(text, text.contains("ftpPassivePorts = 50000-50019") && text.contains(V6_SCANNER));
        return lab.file("org.vireo.balancer.cfg", text);
    }

    /** A rule above the shipped ones, as an operator would write it: c2's IPv6 network is blocked. */
    private static void blockTheSecondClientsNetwork(String node) throws Exception {
        Path rules = lab.home(node).resolve("etc/vireo/rules.conf");
        Path next = rules.resolveSibling("rules.conf.new");
        Files.writeString(next, "rule second-v6-net block \"the second IPv6 client network is blocked\""
            + " client fd77:0:0:1::/64\n" + Files.readString(rules));
        Files.move(next, rules, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        lab.awaitLog(node, "rules .*rules.conf in force: 3 rules", 30);
    }

    /** Only {@code scanner} takes new clients: the other drained, awaited in n1's log. */
    private static void onlyThrough(String scanner) throws Exception {
        String other = scanner.equals(V6_SCANNER) ? V4_SCANNER : V6_SCANNER;
        for (String[] change : List.of(new String[] {"balancer:undrain", scanner},
            new String[] {"balancer:drain", other})) {
            int applied = lab.logLines("n1", "balancer: configuration applied").size();
            // quoted: Karaf's shell reads [fd77::12]:3128 bare as a list
            String said = lab.cli("n1", change[0] + " \"" + change[1] + "\"");
            if (!said.contains("nothing changed")) {
                lab.awaitLogLines("n1", "balancer: configuration applied", applied + 1, 30);
            }
        }
    }

    /** curl -6 from {@code client} through the VIP: the body, then the status. */
    private static String curl6(String client, String url) throws Exception {
        return lab.run(30, "exec", client, "curl", "-6", "-sS", "--max-time", "10", "-x", PROXY, "-w",
            "%{http_code}\n", "-o", "-", url);
    }

    private static Path accessLog(String node) {
        return lab.home(node).resolve("data/log/access.log");
    }

    /** The access-log line of {@code node} with the client and target, awaited (the log is written after the answer). */
    private static String logged(String node, String client, String target) throws Exception {
        String wanted = accessEntry(client, target);
        Files2.awaitLinesContaining(accessLog(node), wanted, 1, 30_000);
        return Files.readString(accessLog(node)).lines().filter(l -> l.contains(wanted)).findFirst().orElseThrow();
    }

    /** What an access-log line of a GET of {@code target} by {@code client} holds. */
    private static String accessEntry(String client, String target) {
        return "\"client\":\"" + client + "\",\"method\":\"GET\",\"target\":\"" + target + "\"";
    }

    private static boolean hasLine(String node, String text) throws Exception {
        return Files.exists(accessLog(node)) && Files.readString(accessLog(node)).contains(text);
    }

    @Test
    public void curl6ThroughTheIpv6VipReachesTheIpv6OriginThroughAScannerListedByItsIpv6Address() throws Exception {
        assertServedThrough(V6_SCANNER, "n2", "n3");
    }

    @Test
    public void curl6ThroughTheIpv6VipReachesTheIpv6OriginThroughAScannerListedByItsIpv4Address() throws Exception {
        // the director reaches n3 over IPv4 and names the IPv6 client in a TCP6 PROXY header
        assertServedThrough(V4_SCANNER, "n3", "n2");
    }

    /** curl -6 from c gets the origin's page through {@code scanner} (the other drained), whose log names c. */
    private static void assertServedThrough(String scanner, String node, String drained) throws Exception {
        onlyThrough(scanner);
        String url = ORIGIN_URL + "?via=" + node;

        assertEquals(ORIGIN_BODY + "200\n", curl6("c", url));
        String line = logged(node, CLIENT, url);
        assertTrue(line, line.contains("\"status\":200"));
        assertFalse(drained + " is drained", hasLine(drained, url));
    }

    @Test
    public void anIpv6ClientIsBlockedByAnIpv6NetworkRule() throws Exception {
        String url = ORIGIN_URL + "?from=c2";

        String blocked = curl6("c2", url);

        assertTrue(blocked, blocked.endsWith("403\n"));
        assertTrue(blocked, blocked.contains("second-v6-net") && blocked.contains(CLIENT2));
        // either scanner may have served it, and writes its log line after the answer: awaited in both
        String line = Files2.awaitLineInAny(List.of(accessLog("n2"), accessLog("n3")), accessEntry(CLIENT2, url),
            30_000);
        assertTrue(line, line.contains("\"status\":403") && line.contains("\"rule\":\"second-v6-net\""));
    }

    @Test
    public void aNameWithOnlyAnAaaaRecordIsReached() throws Exception {
        String url = "http://" + ORIGIN_NAME + ":8080/";

        assertEquals(ORIGIN_BODY + "200\n", curl6("c", url));
    }

    @Test
    public void ftpThroughTheIpv6VipInExtendedPassiveAndActiveModeArrivesWhole() throws Exception {
        String expected = sha256(ftpFile);
        // USER anonymous@[fd77::200], the brackets and colons escaped in curl's user field
        String url = "ftp://anonymous%40%5Bfd77%3A%3A200%5D:guest@[" + VIP + "]:2121/pub/big.bin";
        Path file = lab.home("n1").resolveSibling("d6-big.bin");
        for (List<String> mode : List.of(List.<String>of(), List.of("--ftp-port", CLIENT))) { // EPSV, then EPRT
            List<String> args = new ArrayList<>(List.of("exec", "c", "curl", "-6", "-sS", "--max-time", "60"));
            args.addAll(mode);
            args.addAll(List.of("-o", file.toString(), url));
            Lab.Result r = lab.tryRun(90, List.of(), args.toArray(String[]::new));
            assertEquals(mode + ": " + r.output(), 0, r.exit());
            assertEquals(mode.toString(), expected, sha256(Files.readAllBytes(file)));
            Files.delete(file);
        }
    }

    @Test
    public void srvConnectTriesATargetsIpv6AddressFirstAndItsIpv4OneAConnectionAttemptDelayLater() throws Exception {
        // the target both.lab has AAAA fd77::199 (nobody: its connect hangs) and A 10.77.0.200 (a web server)
        Path root = Files.createTempDirectory("vireo-d6-v4");
        Files.writeString(root.resolve("index.html"), "hello over IPv4\n");
        lab.run(30, "spawn", "o", root.resolve("http.log").toString(), "python3", "-m", "http.server", "8080",
            "--bind", "10.77.0.200", "--directory", root.toString());
        lab.run(30, "spawn", "o", root.resolve("dnsmasq.log").toString(), "dnsmasq", "--keep-in-foreground",
            "--conf-file=/dev/null", "--no-resolv", "--no-hosts", "--no-poll", "--pid-file=",
            "--listen-address=10.77.0.200", "--bind-interfaces", "--port=53", "--local=/lab/", "--user=root",
            "--srv-host=_vireo-proxy._tcp.svc.lab,both.lab,8080", "--host-record=both.lab,10.77.0.200,fd77::199");
        String options = " --dns 10.77.0.200 --timeout 2000 svc.lab";
        long end = System.nanoTime() + 20_000_000_000L;
        String resolved;
        while (!(resolved = lab.cli("n1", "srv:resolve --samples 0" + options)).contains("fd77::199")
            && !resolved.contains("fd77:0:0:0:0:0:0:199")) {
            assertTrue("dnsmasq does not answer: " + resolved, System.nanoTime() < end);
            Thread.sleep(200);
        }

        String staggered = lab.cli("n1", "srv:connect --scheme http --stagger 250" + options);
        String sequential = lab.cli("n1", "srv:connect --scheme http --stagger 0" + options);

        assertTrue(staggered, staggered.contains("connected: http://10.77.0.200:8080/"));
        assertFalse("IPv4 answered while IPv6 was still connecting:\n" + staggered, staggered.contains("199"));
        assertTrue(sequential, sequential.contains("connected: http://10.77.0.200:8080/"));
        int v6 = sequential.indexOf("[fd77:0:0:0:0:0:0:199]:8080");
        assertTrue("IPv6 first, failed, then IPv4:\n" + sequential, v6 >= 0
            && v6 < sequential.indexOf("http://10.77.0.200:8080/"));
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }
}
