package org.vireo.itests;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.util.List;

import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * Three Vireo appliances on a LAN of network namespaces (lab/lab.sh), one VIP, adverts every second:
 * election, the VIP on the master only, the client's ARP entry following the master, a crash (JVM killed
 * and cable cut), a restart after the crash, preemption on and off, a graceful stop, a bundle stop
 * of vireo-vrrp, and a crash that the guard beside the JVM cleans up. Each step waits for events in the nodes' logs and for addresses in their namespaces;
 * times come from the log lines (millisecond stamps) and from lab.sh's signal time.
 */
public class VrrpFailoverLabIT {

    private static final String VIP = "10.77.0.51";
    private static final int INTERVAL = 1000;
    private static Lab lab;

    private static long masterDownMillis(int priority) {
        return Lab.masterDownMillis(INTERVAL, priority);
    }

    private static long skewMillis(int priority) {
        return Lab.skewMillis(INTERVAL, priority);
    }

    private static String[] node(String role, int priority, String... extra) {
        List<String> args = new java.util.ArrayList<>(List.of("--role", role, "--vrid", "51", "--priority",
            String.valueOf(priority), "--interval-ms", String.valueOf(INTERVAL), "--vip", VIP));
        args.addAll(List.of(extra));
        return args.toArray(new String[0]);
    }

    @BeforeClass
    public static void threeNodes() throws Exception {
        lab = new Lab("fo", 3);
        // no guard on n1's first run: its crash must leave the VIP behind, for the restart to clean up
        lab.vireo(List.of("env", "VIREO_GUARD=off"), "n1", node("director", 150));
        lab.vireo("n2", node("backup", 100));
        lab.vireo("n3", node("backup", 50));
    }

    @AfterClass
    public static void down() throws Exception {
        if (lab != null) {
            lab.close();
        }
    }

    @Test
    public void theVipFollowsTheBestLivingNode() throws Exception {
        // election: the highest priority wins, the others back up, the VIP is on the master only
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 120);
        lab.awaitLog("n2", "vip1 .*INITIALIZE -> BACKUP", 120);
        lab.awaitLog("n3", "vip1 .*INITIALIZE -> BACKUP", 120);
        lab.awaitAddress("n1", VIP, true, 10);
        assertFalse(lab.hasAddress("n2", VIP));
        assertFalse(lab.hasAddress("n3", VIP));
        String list = lab.cli("n2", "vrrp:list");
        assertTrue(list, list.matches("(?s).*vip1\\s+\\|\\s+51 \\| eth0\\s+\\| BACKUP \\| 100/100\\s+\\| 10\\.77\\.0\\.11 .*"));
        lab.awaitClientNeighbour(VIP, Lab.mac("n1"), 10);

        // crash: JVM killed and cable cut; the backup takes over within Master_Down_Interval + 20 %
        long killed = Lab.signalMillis(lab.run(60, "kill", "n1", "--cut"));
        long tookOver = Lab.logMillis(lab.awaitLog("n2", "vip1 .*BACKUP -> MASTER", 30));
        long limit = masterDownMillis(100) * 12 / 10;
        assertTrue("n2 took over " + (tookOver - killed) + " ms after the crash; limit " + limit + " ms",
            tookOver - killed <= limit);
        lab.awaitAddress("n2", VIP, true, 5);
        assertTrue("a killed JVM leaves its VIP behind", lab.hasAddress("n1", VIP));
        lab.awaitClientNeighbour(VIP, Lab.mac("n2"), 10); // the gratuitous ARP taught the client

        // restart after the crash: the stale VIP goes first, then n1 preempts n2
        lab.run(30, "heal", "n1");
        lab.vireo("n1", "--keep");
        long cleaned = Lab.logMillis(lab.awaitLog("n1", "10\\.77\\.0\\.51.* left there by an earlier run", 120));
        long preempted = Lab.logMillis(lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 60));
        assertTrue("the stale VIP was removed " + (cleaned - preempted) + " ms after n1 became master",
            cleaned <= preempted);
        lab.awaitLog("n2", "vip1 .*MASTER -> BACKUP", 10);
        lab.awaitAddress("n2", VIP, false, 5);
        lab.awaitAddress("n1", VIP, true, 5);
        lab.awaitClientNeighbour(VIP, Lab.mac("n1"), 10);

        // graceful stop: priority 0 makes the backup take over after about Skew_Time, not Master_Down_Interval
        String stop = lab.run(90, "vireo-stop", "n1");
        long resigned = Lab.logMillis(lab.awaitLog("n1", "vip1 .*MASTER -> INITIALIZE", 5));
        long second = Lab.logMillis(lab.awaitLog("n2", "vip1 .*BACKUP -> MASTER", 10));
        assertTrue("n2 took over " + (second - resigned) + " ms after n1's priority 0 (Skew_Time "
            + skewMillis(100) + " ms, Master_Down_Interval " + masterDownMillis(100) + " ms); stop: " + stop,
            second - resigned < skewMillis(100) + INTERVAL && second - resigned < masterDownMillis(100));
        lab.awaitAddress("n1", VIP, false, 1);
        lab.awaitAddress("n2", VIP, true, 5);

        // preempt off: n1 returns with the higher priority but leaves the master alone
        lab.vireo("n1", "--keep", "--role", "director", "--vrid", "51", "--priority", "150", "--interval-ms",
            String.valueOf(INTERVAL), "--vip", VIP, "--nopreempt");
        lab.awaitLog("n1", "vip1 .*INITIALIZE -> BACKUP", 120);
        assertFalse("n1 preempted although preempt = false",
            lab.logs("n1", "vip1 .*-> MASTER", (int) (3 * masterDownMillis(150) / 1000)));
        assertTrue(lab.hasAddress("n2", VIP));
        assertFalse(lab.hasAddress("n1", VIP));

        // vireo-vrrp stopped on the master: it hands over (priority 0) and takes its VIP away
        lab.cli("n2", "bundle:stop org.vireo.vireo-vrrp");
        lab.awaitLog("n2", "vip1: VIPs \\[/10\\.77\\.0\\.51\\] off eth0", 10);
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 10);
        lab.awaitAddress("n1", VIP, true, 5);
        assertFalse(lab.hasAddress("n2", VIP));
        lab.awaitClientNeighbour(VIP, Lab.mac("n1"), 10);

        // a crash with the cable in: the guard beside n1's JVM sends priority 0 and removes the VIP, so n2 takes
        // over after about Skew_Time instead of Master_Down_Interval, and n1 does not answer for the VIP
        lab.cli("n2", "bundle:start org.vireo.vireo-vrrp");
        lab.awaitLog("n2", "vip1 .*INITIALIZE -> BACKUP", 30);
        long crashed = Lab.signalMillis(lab.run(60, "kill", "n1"));
        long guarded = Lab.logMillis(lab.awaitLog("n2", "vip1 .*BACKUP -> MASTER", 10));
        assertTrue("n2 took over " + (guarded - crashed) + " ms after n1's JVM was killed; without the guard it"
            + " takes Master_Down_Interval (" + masterDownMillis(100) + " ms)",
            guarded - crashed < masterDownMillis(100) - INTERVAL);
        lab.awaitAddress("n1", VIP, false, 5);
        lab.awaitAddress("n2", VIP, true, 5);
        String guardLog = Files.readString(lab.home("n1").resolve("data/log/vireo-guard.log"));
        assertTrue(guardLog, guardLog.contains("sent 1 frame(s) on eth0 for vip1"));

        // the third node, at priority 50, never had a reason to take over
        String n3 = Files.readString(lab.home("n3").resolve("data/log/karaf.log"));
        assertFalse(n3, n3.contains("-> MASTER"));
        assertFalse(lab.hasAddress("n3", VIP));
    }
}
