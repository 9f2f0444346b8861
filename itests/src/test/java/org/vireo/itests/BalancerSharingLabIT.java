package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.Test;

/**
 * Traffic for the VIP that reaches the backup, as a client with a stale ARP entry sends it: the client's
 * neighbour entry for the VIP is pinned to the backup's MAC. By default the backup drops it; with sharing it
 * balances it itself; with send-to-master it relays it to the master; and in no mode does the backup answer ARP
 * for the VIP. n1 director, n2 backup (its org.vireo.balancer.local.cfg changed hot between the modes), n3 the
 * scanner, the origin in its own namespace.
 */
public class BalancerSharingLabIT extends LabTestSupport {

    private static final String VIP = "10.77.0.61";
    private static final String BALANCER = "http://" + VIP + ":9090";

    public BalancerSharingLabIT() {
        super("bs", 3);
    }

    private static Path cfg(String name, String text) throws Exception {
        Path p = Files.createTempDirectory("vireo-cfg").resolve(name);
        Files.writeString(p, text);
        return p;
    }

    /** The node-local balancer settings of n2, replaced whole as an operator's editor would. */
    private void n2Local(String text) throws Exception {
        Path target = lab.home("n2").resolve("etc/org.vireo.balancer.local.cfg");
        Path next = target.resolveSibling("org.vireo.balancer.local.cfg.new");
        Files.writeString(next, text);
        Files.move(next, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** curl through the balancer on the VIP from the client: exit status and output (body, then status code). */
    private Lab.Result viaVip() throws Exception {
        return lab.tryRun(20, List.of(), "exec", "c", "curl", "-sS", "--max-time", "3", "-x", BALANCER,
            "-w", "%{http_code}\n", "-o", "-", ORIGIN_URL);
    }

    private void assertServed(String mode) throws Exception {
        Lab.Result r = viaVip();
        assertEquals(mode + ": " + r.output(), 0, r.exit());
        assertEquals(mode, ORIGIN_BODY + "200\n", r.output());
    }

    private long count(String node, String label) throws Exception {
        String stats = lab.cli(node, "balancer:stats");
        Matcher m = Pattern.compile(label + ":\\s+(\\d+)").matcher(stats);
        assertTrue(stats, m.find());
        return Long.parseLong(m.group(1));
    }

    /** From the origin's namespace, with its neighbour cache flushed: the MAC that answers ARP for the VIP. */
    private String vipOwnerSeenByTheLan() throws Exception {
        lab.exec("o", "ip", "neigh", "flush", "dev", "eth0");
        lab.tryRun(10, List.of(), "exec", "o", "ping", "-c", "1", "-W", "1", VIP);
        return lab.exec("o", "ip", "neigh", "show", VIP);
    }

    @Test
    public void aBackupDropsServesOrRelaysTheVipsTrafficAsItsOwnSettingsSay() throws Exception {
        startOrigin();
        Path table = cfg("org.vireo.balancer.cfg", "scanners = " + Lab.ip("n3") + ":3128\nslowStartSeconds = 0\n"
            + "checkIntervalMillis = 500\ncheckTimeoutMillis = 400\n");
        Path local = cfg("org.vireo.balancer.local.cfg", "sharing =\nsendToMaster =\n");
        // the scanner takes a PROXY header from both nodes (there is no cluster here to name them)
        lab.vireo("n3", "--role", "scanner", "--cfg", cfg("org.vireo.scanner.proxy.cfg", "directors = "
            + Lab.ip("n1") + ", " + Lab.ip("n2") + "\n").toString());
        lab.vireo("n1", "--role", "director", "--vrid", "61", "--priority", "150", "--vip", VIP,
            "--cfg", table.toString());
        lab.vireo("n2", "--role", "backup", "--vrid", "61", "--priority", "100", "--vip", VIP,
            "--cfg", table.toString(), "--cfg", local.toString());
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 120);
        lab.awaitLog("n2", "vip1 .*INITIALIZE -> BACKUP", 120);
        lab.awaitLog("n3", "HTTP proxy listening on", 120);
        lab.awaitLog("n1", "balancer: listening on 10\\.77\\.0\\.61:9090 \\(http\\)", 30);
        lab.awaitLog("n1", "balancer: scanner 10\\.77\\.0\\.13:3128 UP", 30);
        lab.awaitLog("n2", "balancer: scanner 10\\.77\\.0\\.13:3128 UP", 30);
        assertServed("the master, as the client's ARP finds it");

        lab.exec("c", "ip", "neigh", "replace", VIP, "lladdr", Lab.mac("n2"), "dev", "eth0", "nud", "permanent");

        // default: the VIP is not an address of the backup, the kernel drops what comes for it
        Lab.Result dropped = viaVip();
        assertNotEquals("a backup without sharing must not serve the VIP: " + dropped.output(), 0, dropped.exit());
        assertEquals(0, count("n2", "Accepted"));

        // sharing: the backup takes the VIP on lo and balances the traffic itself
        n2Local("sharing = vip1\nsendToMaster =\n");
        lab.awaitLog("n2", "balancer: \\[/10\\.77\\.0\\.61\\] on lo", 30);
        lab.awaitLog("n2", "balancer: listening on 10\\.77\\.0\\.61:9090 \\(http\\)", 30);
        long masterBefore = count("n1", "Accepted");
        assertServed("sharing");
        assertEquals(1, count("n2", "Accepted"));
        assertEquals(0, count("n2", "Relayed"));
        assertEquals("the master saw nothing of it", masterBefore, count("n1", "Accepted"));
        for (int i = 0; i < 3; i++) { // the VIP on the backup's lo is never answered in ARP: only the master's MAC
            String seen = vipOwnerSeenByTheLan();
            assertTrue(seen, seen.contains("lladdr " + Lab.mac("n1")));
        }

        // send-to-master: the backup relays each connection to the master, which balances it
        n2Local("sharing =\nsendToMaster = vip1\n");
        lab.awaitLog("n2", "balancer: listening on 10\\.77\\.0\\.61:9090 \\(http -> master 10\\.77\\.0\\.11\\)", 30);
        assertServed("send-to-master");
        assertEquals(1, count("n2", "Relayed"));
        assertEquals("the master balanced the relayed connection", masterBefore + 1, count("n1", "Accepted"));

        // off again: the VIP leaves lo and the traffic is dropped as before
        n2Local("sharing =\nsendToMaster =\n");
        lab.awaitLog("n2", "balancer: \\[/10\\.77\\.0\\.61\\] off lo", 30);
        Lab.Result droppedAgain = viaVip();
        assertNotEquals(droppedAgain.output(), 0, droppedAgain.exit());
    }
}
