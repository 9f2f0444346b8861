package org.vireo.itests;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.Test;

/**
 * Issue 24: a dual-stack sync group on two appliances. Each has an IPv4 instance (vip1, VRID 58, 10.77.0.58) and an
 * IPv6 one (v6, VRID 59, fe80::59 and fd77::59) in sync group "dual"; n1 (150) tracks a web server on its loopback
 * for vip1 only (mode ALL), n2 (100) tracks nothing. The web server stops: vip1's priority drops to 0, and v6, which
 * tracks nothing, hands over too — its priority-0 advert seen on the wire — so both VIPs move to n2; the server comes
 * back and n1 takes both back. Then n1's JVM is killed and its cable cut: n2 takes both, as fast as one instance
 * alone would (its members, held at 0 by each other while n1 was master, time at their own priority).
 */
public class VrrpSyncGroupLabIT extends LabTestSupport {

    private static final String VIP4 = "10.77.0.58";
    private static final String VIP6 = "fd77::59";
    private static final int ADVERT_MILLIS = 200;
    private static final int WEB_PORT = 8081;

    public VrrpSyncGroupLabIT() {
        super("sg", 2);
    }

    @Test
    public void bothFamiliesMoveTogether_whenOneMembersTrackedServiceFails_andWhenTheMasterCrashes()
        throws Exception {
        long web = startWeb("n1", WEB_PORT);
        startVireo("n1", "director", 150, true);
        startVireo("n2", "backup", 100, false);
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 300);
        lab.awaitLog("n1", "v6 .*BACKUP -> MASTER", 60);
        lab.awaitLog("n2", "v6 .*-> BACKUP", 120);
        awaitVipMoved(VIP4, "n1", "n2");
        awaitVipMoved(VIP6, "n1", "n2");
        String list = lab.cli("n1", "vrrp:list");
        assertTrue(list, list.matches("(?s).*v6\\s+\\|\\s+59 \\| eth0\\s+\\| MASTER .*\\| dual\\s+\\|.*"));

        // vip1's tracked service fails on n1: both instances hand over, v6 with a priority-0 advert
        Path pcap = lab.file("adverts.pcap", "");
        lab.run(30, "capture", "sw", pcap.toString(), "ip proto 112 or ip6 proto 112");
        int n2v6Masters = lab.logLines("n2", "v6 .*BACKUP -> MASTER").size();
        stopWeb(web);
        lab.awaitLog("n2", "vip1 .*BACKUP -> MASTER", 30);
        lab.awaitLogLines("n2", "v6 .*BACKUP -> MASTER", n2v6Masters + 1, 30);
        awaitVipMoved(VIP4, "n2", "n1");
        awaitVipMoved(VIP6, "n2", "n1");
        String shown = lab.cli("n1", "vrrp:show v6");
        assertTrue(shown, shown.contains("Sync group:                dual"));
        // held by vip1: at priority 0 (its monitor is down), and since it follows n2 as backup, deferring to it
        assertTrue(shown, shown.matches("(?s).*sync group dual:\\s+to 0 \\(-150\\): vip1 (is at priority 0 of 150|follows a"
            + " live master at priority 100).*"));
        lab.run(30, "capture-stop", pcap.toString());
        String zero = tshark(pcap, "-Y", "vrrp.virt_rtr_id == 59 && vrrp.prio == 0 && eth.src == " + Lab.mac("n1"),
            "-T", "fields", "-e", "ipv6.src");
        assertTrue("n1 did not hand v6 over with a priority-0 advert:\n" + zero, zero.contains(Lab.linkLocal("n1")));

        // the service is back: n1 preempts both
        startWeb("n1", WEB_PORT);
        lab.awaitLog("n2", "vip1 .*MASTER -> BACKUP", 60);
        lab.awaitLog("n2", "v6 .*MASTER -> BACKUP", 60);
        awaitVipMoved(VIP4, "n1", "n2");
        awaitVipMoved(VIP6, "n1", "n2");

        // n1 crashes: n2 takes both, each within Master_Down_Interval + 20 % (held members time at their own priority)
        int n2Masters = lab.logLines("n2", "v6 .*BACKUP -> MASTER").size();
        int n2Masters4 = lab.logLines("n2", "vip1 .*BACKUP -> MASTER").size();
        long killed = Lab.signalMillis(lab.run(60, "kill", "n1", "--cut"));
        long limit = Lab.masterDownMillis(ADVERT_MILLIS, 100) * 12 / 10;
        for (String instance : List.of("v6", "vip1")) {
            List<String> masters = lab.awaitLogLines("n2", instance + " .*BACKUP -> MASTER",
                (instance.equals("v6") ? n2Masters : n2Masters4) + 1, 30);
            long tookOver = Lab.logMillis(masters.get(masters.size() - 1)) - killed;
            assertTrue(instance + ": n2 took over " + tookOver + " ms after the crash; limit " + limit + " ms",
                tookOver <= limit);
        }
        lab.awaitAddress("n2", VIP4, true, 10);
        lab.awaitAddress("n2", VIP6, true, 10);
        String n2List = lab.cli("n2", "vrrp:list");
        assertFalse(n2List, n2List.contains("BACKUP"));
    }

    /** The director and the backup: vip1 from lab.sh's options, v6 and the group from files; n1 tracks its web. */
    private void startVireo(String node, String role, int priority, boolean tracked) throws Exception {
        // lab.sh copies the files as it starts the node: the next node's version may overwrite them then
        Path v6 = lab.file("org.vireo.vrrp.instance-v6.cfg", String.join("\n", "name = v6",
            "interfaceName = eth0", "vrid = 59", "addressFamily = ipv6", "priority = " + priority,
            "advertIntervalMillis = " + ADVERT_MILLIS, "virtualAddresses = fe80::59, " + VIP6, ""));
        Path group = lab.file("org.vireo.vrrp.syncgroup-dual.cfg", "name = dual\ninstances = vip1, v6\n");
        List<String> args = new ArrayList<>(List.of("--role", role, "--vrid", "58", "--priority",
            String.valueOf(priority), "--interval-ms", String.valueOf(ADVERT_MILLIS), "--vip", VIP4,
            "--cfg", v6.toString(), "--cfg", group.toString()));
        if (tracked) {
            Path monitor = lab.file("org.vireo.health.monitor-web.cfg", String.join("\n", "name = web", "type = http",
                "url = http://127.0.0.1:" + WEB_PORT + "/", "intervalMillis = 200", "timeoutMillis = 150", "rise = 2",
                "fall = 2", ""));
            Path track = lab.file("org.vireo.health.track-vip1.cfg", "instance = vip1\nmode = ALL\nmonitors = web\n");
            args.addAll(List.of("--cfg", monitor.toString(), "--cfg", track.toString()));
        }
        lab.vireo(node, args.toArray(new String[0]));
    }
}
