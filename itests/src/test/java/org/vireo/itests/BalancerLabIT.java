package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.Test;

/**
 * The director's balancer follows the VIP: n1 (director, priority 150) and n2 (backup, 100) share one VRRP
 * instance and one scanner table (n3 and n4, scanners, written into both homes: the PID is cluster-wide by
 * design, its replication is tested elsewhere); a client uses the VIP as its proxy for the lab's origin. While n1
 * is master only n1 serves the VIP (n2 has its socket bound ahead, the VIP not local) and the client's requests all
 * reach one scanner; n1 crashes (JVM killed, cable cut), n2 takes the VIP, on which it listens already, and the same
 * requests reach the same scanner again (the ring is a
 * function of the table alone). On n2 a drained scanner gets nothing new; undrained, it is eligible again.
 * Which scanner served is read from the scanners' access logs (the client there is the lab's client, named by the
 * directors' PROXY header; the scanners list both directors in {@code directors}, as there is no cluster here) and
 * from the directors' balancer:scanners. Through the VIP, the client's scanner refuses its own loopback and address
 * and the metadata address (403).
 */
public class BalancerLabIT extends LabTestSupport {

    private static final String VIP = "10.77.0.81";
    private static final String VRID = "81";
    private static final int INTERVAL = 1000;
    private static final String PROXY = "http://" + VIP + ":9090";
    private static final int REQUESTS = 5;
    private static final List<String> DIRECTORS = List.of("n1", "n2");
    private static final List<String> SCANNERS = List.of("n3", "n4");
    private static final String LISTENING = "balancer: listening on " + VIP.replace(".", "\\.") + ":9090 \\(http\\)";

    public BalancerLabIT() {
        super("bl", 4);
    }

    private static String scannerId(String node) {
        return Lab.ip(node) + ":3128";
    }

    /** The shipped org.vireo.balancer.cfg with the lab's two scanners, no slow start and quicker checks. */
    private static Path balancerCfg() throws Exception {
        Path shipped = Path.of(System.getProperty("vireo.lab")).resolveSibling("config/org.vireo.balancer.cfg");
        String text = Files.readString(shipped)
            .replaceFirst("(?m)^scanners = .*$", "scanners = " + scannerId("n3") + ", " + scannerId("n4"))
            .replaceFirst("(?m)^slowStartSeconds = .*$", "slowStartSeconds = 0")
            .replaceFirst("(?m)^checkIntervalMillis = .*$", "checkIntervalMillis = 500")
            .replaceFirst("(?m)^checkTimeoutMillis = .*$", "checkTimeoutMillis = 400");
        assertTrue(text, text.contains("scanners = 10.77.0.13:3128, 10.77.0.14:3128")
            && text.contains("slowStartSeconds = 0") && text.contains("checkIntervalMillis = 500"));
        Path cfg = Files.createTempDirectory("vireo-bl").resolve("org.vireo.balancer.cfg");
        Files.writeString(cfg, text);
        return cfg;
    }

    private void director(String node, String role, int priority, Path cfg) throws Exception {
        lab.vireo(node, "--role", role, "--vrid", VRID, "--priority", String.valueOf(priority), "--interval-ms",
            String.valueOf(INTERVAL), "--vip", VIP, "--cfg", cfg.toString());
    }

    /** One request through the VIP: fails unless the origin's page comes back with 200. */
    private void request() throws Exception {
        String answer = lab.run(30, curlVia(PROXY, ORIGIN_URL));
        assertEquals(ORIGIN_BODY + "200\n", answer);
    }

    /** The rows of {@code balancer:scanners} output by scanner id, as cells (State 1, Total 6). */
    private static Map<String, String[]> rows(String table) {
        Map<String, String[]> out = new LinkedHashMap<>();
        for (String line : table.split("\n")) {
            String[] cells = line.trim().split("\\s*[|│]\\s*");
            if (cells.length > 6 && cells[0].matches("10\\.77\\.0\\.\\d+:3128")) {
                out.put(cells[0], cells);
            }
        }
        assertEquals(table, SCANNERS.size(), out.size());
        return out;
    }

    /** Total connections per scanner, from the output of {@code balancer:scanners} on a director. */
    private static Map<String, Long> totals(String table) {
        Map<String, Long> out = new LinkedHashMap<>();
        rows(table).forEach((id, cells) -> out.put(id, Long.parseLong(cells[6])));
        return out;
    }

    /** A scanner's State in {@code balancer:scanners} output: UP, UP DRAIN, DOWN... */
    private static String state(String table, String scanner) {
        return rows(table).get(scannerId(scanner))[1];
    }

    private Path accessLog(String scanner) {
        return lab.home(scanner).resolve("data/log/access.log");
    }

    /** Lines of a scanner's access log for the lab client's requests (the directors name it in their header). */
    private int servedTheClient(String scanner) throws Exception {
        Path log = accessLog(scanner);
        return Files.exists(log) ? Files2.linesContaining(Files.readString(log), CLIENT_FIELD) : 0;
    }

    private static final String CLIENT_FIELD = "\"client\":\"10.77.0.100\"";

    /** The scanners' proxy configuration: both directors may name their clients (no cluster registry here). */
    private static Path scannerCfg() throws Exception {
        Path cfg = Files.createTempDirectory("vireo-bl").resolve("org.vireo.scanner.proxy.cfg");
        Files.writeString(cfg, "directors = " + String.join(", ", DIRECTORS.stream().map(Lab::ip).toList()) + "\n");
        return cfg;
    }

    /** The scanner node that served all {@code REQUESTS} of a round: totals before and after it. */
    private static String oneScannerServed(Map<String, Long> before, Map<String, Long> after) {
        String served = null;
        for (String node : SCANNERS) {
            long got = after.get(scannerId(node)) - before.getOrDefault(scannerId(node), 0L);
            assertTrue("the client's requests were split between the scanners: " + before + " -> " + after,
                got == 0 || got == REQUESTS);
            if (got == REQUESTS) {
                served = node;
            }
        }
        assertTrue("no scanner got the requests: " + before + " -> " + after, served != null);
        return served;
    }

    private static String other(String scanner) {
        return SCANNERS.get(1 - SCANNERS.indexOf(scanner));
    }

    /** Drains or undrains a scanner on n2 and waits until the balancer applied the table. */
    private void drain(String scanner, boolean drain) throws Exception {
        Path log = lab.home("n2").resolve("data/log/karaf.log");
        String applied = "balancer: configuration applied";
        int before = Files2.linesContaining(Files.readString(log), applied);
        String said = lab.cli("n2", (drain ? "balancer:drain " : "balancer:undrain ") + scannerId(scanner));
        assertTrue(said, said.contains(drain ? " drained" : " undrained"));
        Files2.awaitLinesContaining(log, applied, before + 1, 30_000);
    }

    /** {@code REQUESTS} requests through the VIP. */
    private void requests() throws Exception {
        for (int i = 0; i < REQUESTS; i++) {
            request();
        }
    }

    /**
     * Every {@code balancer: listening on} line of a director's log so far names the VIP or, as master, its own
     * address (where backups with send-to-master relay to): none on 0.0.0.0.
     */
    private void listenedOnTheVipAndItsOwnAddressOnly(String director) throws Exception {
        String log = Files.readString(lab.home(director).resolve("data/log/karaf.log"));
        log.lines().filter(l -> l.contains("balancer: listening on")).forEach(l -> assertTrue(
            director + " listened elsewhere than on the VIP and its own address: " + l,
            l.contains("listening on " + VIP + ":") || l.contains("listening on " + Lab.ip(director) + ":")));
    }

    /**
     * Each of the node's "listening on" lines for its own address (where backups relay) came while it was master of
     * vip1 (between entering and leaving); the VIP's socket it binds ahead as a backup.
     */
    private void listenedOnItsOwnAddressOnlyWhileMaster(String node) throws Exception {
        boolean master = false;
        List<String> lines = lab.logLines(node, "vip1 .*-> |balancer: listening on " + Lab.ip(node).replace(".", "\\."));
        for (String line : lines) {
            if (line.contains("balancer: listening on")) {
                assertTrue(node + " listened while it was not master:\n" + String.join("\n", lines), master);
            } else {
                master = line.contains("-> MASTER");
            }
        }
    }

    @Test
    public void theBalancerFollowsTheVipAndTheClientKeepsItsScanner() throws Exception {
        long started = System.currentTimeMillis();
        startOrigin();
        Path cfg = balancerCfg();
        for (String node : SCANNERS) {
            lab.vireo(node, "--role", "scanner", "--cfg", scannerCfg().toString());
        }
        director("n1", "director", 150, cfg);
        director("n2", "backup", 100, cfg);

        // n1 master and listening on the VIP; every director sees every scanner up; n2 backup, its VIP socket bound ahead
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 150);
        lab.awaitLog("n2", "vip1 .*INITIALIZE -> BACKUP", 150);
        lab.awaitLog("n1", LISTENING, 30);
        for (String node : SCANNERS) {
            lab.awaitLog(node, "rules .*rules.conf in force", 150);
            for (String director : DIRECTORS) {
                lab.awaitLog(director, "balancer: scanner " + scannerId(node).replace(".", "\\.") + " UP", 60);
            }
        }
        // n2 may have been master for a moment while n1 was still booting (no master heard): back to backup first
        int n2Masters = lab.logLines("n2", "vip1 .*BACKUP -> MASTER").size();
        lab.awaitLogLines("n2", "vip1 .*MASTER -> BACKUP", n2Masters, 60);
        // n2, backup, has the VIP's socket bound ahead (its own address's comes with mastership)
        String stats = lab.cli("n2", "balancer:stats");
        assertTrue(stats, stats.contains("Mode:        vip") && stats.matches("(?s).*" + VIP.replace(".", "\\.")
            + ":9090 +\\S* *http +\\S* *yes.*") && !stats.contains(Lab.ip("n2") + ":9090"));
        listenedOnItsOwnAddressOnlyWhileMaster("n2");
        listenedOnTheVipAndItsOwnAddressOnly("n1");
        long ready = System.currentTimeMillis();

        // through n1: every request of the client lands on one scanner, which sees the client, not n1
        requests();
        String served = oneScannerServed(Map.of(), totals(lab.cli("n1", "balancer:scanners")));
        Files2.awaitLinesContaining(accessLog(served), CLIENT_FIELD, REQUESTS, 30_000);
        assertEquals(0, servedTheClient(other(served)));

        // n1 crashes; n2 takes the VIP, on which it listens already: nothing to bind between taking it and serving
        long killed = Lab.signalMillis(lab.run(60, "kill", "n1", "--cut"));
        long master = Lab.logMillis(lab.awaitLog("n2", "vip1 .*BACKUP -> MASTER", 30));
        long listening = Lab.logMillis(lab.awaitLog("n2", LISTENING, 10));
        if (listening > master) {
            fail("n2 bound the VIP's socket " + (listening - master) + " ms after it became master, not ahead; its log"
                + " meanwhile:\n" + linesBetween(Files.readString(lab.home("n2").resolve("data/log/karaf.log")), master,
                listening));
        }

        // the client's first request through the VIP once n2 has it (the client learns n2's MAC from its ARP)
        long deadline = System.currentTimeMillis() + 30_000;
        int failed = 0;
        Lab.Result first;
        while ((first = lab.tryRun(30, List.of(), curlVia(PROXY, ORIGIN_URL))).exit() != 0) {
            failed++;
            assertTrue("no request through the VIP succeeded within 30 s of n2 listening: " + first.output(),
                System.currentTimeMillis() < deadline);
        }
        long firstServed = System.currentTimeMillis();
        assertEquals(ORIGIN_BODY + "200\n", first.output());
        for (int i = 1; i < REQUESTS; i++) {
            request();
        }
        String shown = lab.cli("n2", "balancer:stats\nbalancer:scanners");
        assertTrue(shown, shown.matches("(?s).*Mode:        vip.*" + VIP.replace(".", "\\.")
            + ":9090\\s*[|│]\\s*http\\s*[|│]\\s*yes.*"));
        Map<String, Long> totals = totals(shown);
        assertEquals("n2's ring sent the client elsewhere", served, oneScannerServed(Map.of(), totals));
        Files2.awaitLinesContaining(accessLog(served), CLIENT_FIELD, 2 * REQUESTS, 30_000);
        assertEquals(0, servedTheClient(other(served)));
        listenedOnTheVipAndItsOwnAddressOnly("n2");
        System.out.printf("BalancerLabIT: ready %d ms after the start; n1 killed -> n2 master %d ms (its VIP socket"
            + " bound %d ms before) -> first request served %d ms after the kill (%d failed before); scanner %s%n",
            ready - started, master - killed, master - listening, firstServed - killed, failed, served);

        // drained on n2, the scanner gets nothing new: the client goes to the other one
        drain(served, true);
        requests();
        String table = lab.cli("n2", "balancer:scanners");
        assertEquals(table, "UP DRAIN", state(table, served));
        assertEquals(other(served), oneScannerServed(totals, totals(table)));
        Files2.awaitLinesContaining(accessLog(other(served)), CLIENT_FIELD, REQUESTS, 30_000);

        // undrained, it is up and eligible again; requests still all go to one scanner
        drain(served, false);
        requests();
        String undrained = lab.cli("n2", "balancer:scanners");
        assertEquals(undrained, "UP", state(undrained, served));
        String now = oneScannerServed(totals(table), totals(undrained));
        System.out.println("BalancerLabIT: after undrain the client is on " + now + "; "
            + (System.currentTimeMillis() - started) + " ms in all");

        // through the VIP the client's scanner refuses what only it can reach: its loopback, its own address
        // (its management ports), the cloud metadata address
        refusedThroughTheVip("http://127.0.0.1:8181/system/console", "destination:loopback");
        refusedThroughTheVip("http://" + Lab.ip(now) + ":8101/", "destination:self");
        refusedThroughTheVip("http://169.254.169.254/latest/meta-data/", "destination:metadata");
    }

    private void refusedThroughTheVip(String url, String rule) throws Exception {
        String answer = lab.run(30, curlVia(PROXY, url));
        assertTrue(answer, answer.endsWith("403\n") && answer.contains(rule));
    }

    /** The log lines stamped from {@code from} to {@code to} (epoch ms), for a failure to show what ran meanwhile. */
    private static String linesBetween(String log, long from, long to) {
        StringBuilder out = new StringBuilder();
        for (String line : log.split("\n")) {
            // not a stack trace's continuation line
            if (Lab.LOG_TIME.matcher(line).find() && Lab.logMillis(line) >= from && Lab.logMillis(line) <= to) {
                out.append(line).append('\n');
            }
        }
        return out.toString();
    }
}
