package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.Test;

/**
 * FTP through the director, as clients meet it: vsftpd on the lab's origin, two scanners (n3, n4) behind a
 * director (n1) and its backup (n2) sharing one VIP, and two clients (c, and c2 on another subnet) logging in to the
 * VIP's FTP port as {@code anonymous@<origin>}. Each client's transfers (passive EPSV and PASV, active EPRT) reach
 * the scanner of its control connection: the director sends every passive-port connection to the scanner that holds
 * the client's session, and the scanner takes it only from the client its PROXY header names. The files arrive
 * whole (SHA-256). Then n1 crashes and a new session works through n2.
 */
public class FtpLabIT extends LabTestSupport {

    private static final String VIP = "10.77.0.83";
    private static final String VRID = "83";
    private static final List<String> DIRECTORS = List.of("n1", "n2");
    private static final List<String> SCANNERS = List.of("n3", "n4");
    private static final int SIZE = 20 << 20;

    public FtpLabIT() {
        super("fl", 4);
    }

    /** The shipped balancer table with the two scanners and 20 passive ports: the directors' and the scanners'. */
    private static Path balancerCfg() throws Exception {
        Path shipped = Path.of(System.getProperty("vireo.lab")).resolveSibling("config/org.vireo.balancer.cfg");
        String text = Files.readString(shipped)
            .replaceFirst("(?m)^scanners = .*$", "scanners = " + Lab.ip("n3") + ":3128, " + Lab.ip("n4") + ":3128")
            .replaceFirst("(?m)^ftpPassivePorts =.*$", "ftpPassivePorts = 50000-50019")
            .replaceFirst("(?m)^slowStartSeconds = .*$", "slowStartSeconds = 0")
            .replaceFirst("(?m)^checkIntervalMillis = .*$", "checkIntervalMillis = 500")
            .replaceFirst("(?m)^checkTimeoutMillis = .*$", "checkTimeoutMillis = 400");
        assertTrue(text, text.contains("ftpPassivePorts = 50000-50019") && text.contains("slowStartSeconds = 0"));
        Path cfg = Files.createTempDirectory("vireo-fl").resolve("org.vireo.balancer.cfg");
        Files.writeString(cfg, text);
        return cfg;
    }

    /** The scanners' proxy configuration: both directors may name their clients (no cluster registry here). */
    private static Path scannerCfg() throws Exception {
        Path cfg = Files.createTempDirectory("vireo-fl").resolve("org.vireo.scanner.proxy.cfg");
        Files.writeString(cfg, "directors = " + String.join(", ", DIRECTORS.stream().map(Lab::ip).toList()) + "\n");
        return cfg;
    }

    /** curl in {@code client}'s namespace through the VIP's FTP port, logged in as anonymous@origin. */
    private Lab.Result curl(String client, String path, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("exec", client, "curl", "-sS", "--max-time", "60"));
        args.addAll(List.of(options));
        args.add("ftp://anonymous%40" + ORIGIN + ":guest@" + VIP + ":2121" + path);
        return lab.tryRun(90, List.of(), args.toArray(String[]::new));
    }

    /** A download of big.bin into {@code file}, which must arrive whole. */
    private void download(String client, Path file, String expected, String... mode) throws Exception {
        List<String> options = new ArrayList<>(List.of(mode));
        options.addAll(List.of("-o", file.toString()));
        Lab.Result r = curl(client, "/pub/big.bin", options.toArray(String[]::new));
        assertEquals(client + " " + List.of(mode) + ": " + r.output(), 0, r.exit());
        assertEquals(client + " " + List.of(mode), expected, sha256(Files.readAllBytes(file)));
        Files.delete(file);
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    private static final Pattern LINE = Pattern.compile("\"client\":\"([^\"]+)\",\"method\":\"(USER|RETR|LIST)\","
        + "\"target\":\"ftp://anonymous@" + Pattern.quote(ORIGIN) + "/[^\"]*\",\"status\":(\\d+)");

    /** The FTP lines of a scanner's access log: client, command and reply code. */
    private List<String> ftpLines(String scanner) throws Exception {
        Path log = lab.home(scanner).resolve("data/log/access.log");
        List<String> out = new ArrayList<>();
        if (Files.exists(log)) {
            Matcher m = LINE.matcher(Files.readString(log));
            while (m.find()) {
                out.add(m.group(1) + " " + m.group(2) + " " + m.group(3));
            }
        }
        return out;
    }

    @Test
    public void transfersThroughTheVipReachTheScannerOfTheirSession_andNewSessionsWorkAfterAFailover()
        throws Exception {
        byte[] big = new byte[SIZE];
        new Random(3).nextBytes(big);
        String expected = sha256(big);
        Vsftpd.start(lab, ORIGIN, big);
        lab.client2();
        Path cfg = balancerCfg();
        for (String node : SCANNERS) {
            lab.vireo(node, "--role", "scanner", "--cfg", scannerCfg().toString(), "--cfg", cfg.toString());
        }
        for (String node : DIRECTORS) {
            lab.vireo(node, "--role", node.equals("n1") ? "director" : "backup", "--vrid", VRID, "--priority",
                node.equals("n1") ? "150" : "100", "--interval-ms", "1000", "--vip", VIP, "--cfg", cfg.toString());
        }
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 150);
        lab.awaitLog("n1", "balancer: listening on " + VIP.replace(".", "\\.") + ":2121 \\(ftp\\)", 30);
        for (String node : SCANNERS) {
            lab.awaitLog(node, "FTP proxy listening on .*:2121, passive ports 50000-50019", 150);
            lab.awaitLog("n1", "balancer: scanner " + Lab.ip(node).replace(".", "\\.") + ":3128 UP", 60);
        }

        // two clients, each in every mode: every transfer arrives whole
        Path file = Files.createTempDirectory("vireo-fl-got").resolve("big.bin");
        for (String client : List.of("c", "c2")) {
            Lab.Result list = curl(client, "/pub/");
            assertEquals(list.output(), 0, list.exit());
            assertTrue(list.output(), list.output().contains("big.bin"));
            download(client, file, expected);
            download(client, file, expected, "--disable-epsv");
        }
        download("c", file, expected, "--ftp-port", "10.77.0.100");

        // each client's lines are on one scanner only: its data connections followed its session
        List<String> n3 = ftpLines("n3");
        List<String> n4 = ftpLines("n4");
        for (String client : List.of("10.77.0.100", "10.77.1.100")) {
            long on3 = n3.stream().filter(l -> l.startsWith(client + " ")).count();
            long on4 = n4.stream().filter(l -> l.startsWith(client + " ")).count();
            assertTrue(client + " was split between the scanners: n3 " + n3 + ", n4 " + n4,
                on3 == 0 && on4 > 0 || on4 == 0 && on3 > 0);
        }
        List<String> all = new ArrayList<>(n3);
        all.addAll(n4);
        assertEquals(all.toString(), 3, all.stream().filter(l -> l.equals("10.77.0.100 RETR 226")).count());
        assertEquals(all.toString(), 2, all.stream().filter(l -> l.equals("10.77.1.100 RETR 226")).count());

        // n1 crashes: n2 takes the VIP and a new session works through it
        lab.run(60, "kill", "n1", "--cut");
        lab.awaitLog("n2", "vip1 .*BACKUP -> MASTER", 30);
        lab.awaitLog("n2", "balancer: listening on " + VIP.replace(".", "\\.") + ":2121 \\(ftp\\)", 10);
        long end = System.nanoTime() + 30_000_000_000L;
        Lab.Result after;
        while ((after = curl("c", "/pub/")).exit() != 0) {
            assertTrue("no FTP session through n2 within 30 s: " + after.output(), System.nanoTime() < end);
        }
        download("c", file, expected);
    }
}
