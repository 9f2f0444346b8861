package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

import org.junit.Test;

/**
 * The scanner behind a director sees each client, not the director: n1 (director, master of the VIP) balances to
 * n2 (scanner, which lists n1 in {@code directors}: there is no cluster here to name it). Two clients on two
 * subnets, c (10.77.0.100) and c2 (10.77.1.100), use the VIP as their proxy; n2's rules block c2's subnet. c gets
 * the origin's page, c2 the block page, and n2's access log names each client by its own address and never the
 * director. A client that sends n2 a PROXY header itself is refused and counted.
 */
public class ClientAddressLabIT extends LabTestSupport {

    private static final String VIP = "10.77.0.83";
    private static final String PROXY = "http://" + VIP + ":9090";
    private static final String CLIENT = "10.77.0.100";
    private static final String CLIENT2 = "10.77.1.100";

    public ClientAddressLabIT() {
        super("ca", 2);
    }

    private static Path cfg(String name, String text) throws Exception {
        Path file = Files.createTempDirectory("vireo-ca").resolve(name);
        Files.writeString(file, text);
        return file;
    }

    /** The shipped org.vireo.balancer.cfg with n2 as the only scanner, no slow start and quicker checks. */
    private static Path balancerCfg() throws Exception {
        Path shipped = Path.of(System.getProperty("vireo.lab")).resolveSibling("config/org.vireo.balancer.cfg");
        return cfg("org.vireo.balancer.cfg", Files.readString(shipped)
            .replaceFirst("(?m)^scanners = .*$", "scanners = " + Lab.ip("n2") + ":3128")
            .replaceFirst("(?m)^slowStartSeconds = .*$", "slowStartSeconds = 0")
            .replaceFirst("(?m)^checkIntervalMillis = .*$", "checkIntervalMillis = 500")
            .replaceFirst("(?m)^checkTimeoutMillis = .*$", "checkTimeoutMillis = 400"));
    }

    /** A rule above the shipped ones, as an operator would write it: c2's subnet is blocked. */
    private void blockTheSecondSubnet() throws Exception {
        Path rules = lab.home("n2").resolve("etc/vireo/rules.conf");
        Path next = rules.resolveSibling("rules.conf.new");
        Files.writeString(next, "rule second-subnet block \"the second client subnet is blocked\" client 10.77.1.0/24\n"
            + Files.readString(rules));
        Files.move(next, rules, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        lab.awaitLog("n2", "rules .*rules.conf in force: 3 rules", 30);
    }

    private static String clientField(String address) {
        return "\"client\":\"" + address + "\"";
    }

    @Test
    public void eachClientIsSeenByItsOwnAddressThroughTheVip() throws Exception {
        startOrigin();
        lab.client2();
        lab.vireo("n2", "--role", "scanner", "--cfg", cfg("org.vireo.scanner.proxy.cfg",
            "directors = " + Lab.ip("n1") + "\n").toString());
        lab.vireo("n1", "--role", "director", "--vrid", "83", "--priority", "150", "--interval-ms", "1000", "--vip",
            VIP, "--cfg", balancerCfg().toString());
        lab.awaitLog("n2", "rules .*rules.conf in force", 150);
        blockTheSecondSubnet();
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 150);
        lab.awaitLog("n1", "balancer: listening on " + VIP.replace(".", "\\.") + ":9090 \\(http\\)", 30);
        lab.awaitLog("n1", "balancer: scanner " + Lab.ip("n2").replace(".", "\\.") + ":3128 UP", 60);

        String allowed = lab.run(30, curlVia("c", PROXY, ORIGIN_URL));
        String blocked = lab.run(30, curlVia("c2", PROXY, ORIGIN_URL));

        assertEquals(ORIGIN_BODY + "200\n", allowed);
        assertTrue(blocked, blocked.endsWith("403\n"));
        assertTrue(blocked, blocked.contains("second-subnet") && blocked.contains(CLIENT2));
        Path accessLog = lab.home("n2").resolve("data/log/access.log");
        Files2.awaitLinesContaining(accessLog, clientField(CLIENT) + ",\"method\":\"GET\"", 1, 30_000);
        Files2.awaitLinesContaining(accessLog, clientField(CLIENT2) + ",\"method\":\"GET\"", 1, 30_000);
        String log = Files.readString(accessLog);
        assertTrue(log, log.lines().anyMatch(l -> l.contains(clientField(CLIENT)) && l.contains("\"status\":200")));
        assertTrue(log, log.lines().anyMatch(l -> l.contains(clientField(CLIENT2)) && l.contains("\"status\":403")));
        assertFalse("the scanner saw the director as a client:\n" + log, log.contains(clientField(Lab.ip("n1"))));

        // a client that is not a director may not say who the client is: curl's own PROXY (v1) header
        Lab.Result spoofed = lab.tryRun(30, List.of(), "exec", "c", "curl", "-sS", "--max-time", "10",
            "--haproxy-protocol", "-x", "http://" + Lab.ip("n2") + ":3128", ORIGIN_URL);
        assertTrue(spoofed.output(), spoofed.exit() != 0);
        String stats = lab.cli("n2", "scanner:stats");
        assertTrue(stats, stats.matches("(?s).*Refused: a PROXY header from an address that is not a director\\s*"
            + "[|│]\\s*1\\b.*"));
        assertTrue(stats, stats.matches("(?s).*PROXY headers read\\s*[|│]\\s*[2-9]\\b.*"));
    }
}
