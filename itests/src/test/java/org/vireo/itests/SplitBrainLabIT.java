package org.vireo.itests;

import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.junit.Test;

/**
 * Issue 23: a split brain, seen on both paths, and its end, on the wire. n1 (priority 150) is master, n2 (100) backup,
 * adverts every 100 ms, both in one cluster; both run a hook for {@code vrrp.split_brain}. The lab's switch then drops
 * VRRP between them (an nftables bridge filter in its namespace), the cluster's channel left open: each hears
 * no master and both become master. Through the cluster's node registry each learns that the other reports itself
 * master of vip1 too and reports the split brain (path {@code registry}) — neither hears the other's adverts. When the
 * filters go, n2 yields to n1's higher priority, and n1 (still master) reports the end and announces its VIP again:
 * gratuitous ARPs from n1's MAC after the healing, on the switch's capture (keepalived sends nothing then,
 * acassen/keepalived#1884). n1 may also hear n2's last adverts as master once healed (path {@code advert}).
 */
public class SplitBrainLabIT extends LabTestSupport {

    private static final String VIP = "10.77.0.52";
    private static final String HOOK = "#!/bin/bash\n"
        + "printf '%s %s %s %s\\n' \"$VIREO_NODE\" \"$VIREO_STATE\" \"$VIREO_PATH\" \"$VIREO_PEER\""
        + " >> \"$(dirname \"$0\")/split-brain.txt\"\n";
    private static final String N2_MASTER = "vip1 .*BACKUP -> MASTER";
    private static final String N2_BACKUP = "vip1 .*MASTER -> BACKUP";

    public SplitBrainLabIT() {
        super("sb", 2);
    }

    @Test
    public void bothBecomeMasterWhileTheirAdvertsAreDropped_bothReportItThroughTheRegistry_n1AnnouncesItsVipOnceHealed()
        throws Exception {
        Path hook = lab.file("split-hook.sh", HOOK);
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path hookCfg = lab.file("org.vireo.notify.hook-split.cfg", "name = split\ncommand = " + hook
            + "\nevents = vrrp.split_brain\n");
        // no second burst 5 s after a claim: the only gratuitous ARPs of n1's after the healing are the ones it owes
        Path vipCfg = lab.file("org.vireo.vip.cfg", "garpDelaySeconds = 0\n");
        startDirectorAndBackup(VIP, 100, List.of("--cfg", hookCfg.toString(), "--cfg", vipCfg.toString()),
            "--cfg", hookCfg.toString());
        oneCluster(List.of("n1", "n2"));

        // n2 may have flapped already while the two JVMs were booting: its take-over is the next one
        int masters = lab.logLines("n2", N2_MASTER).size();
        int backups = lab.logLines("n2", N2_BACKUP).size();
        dropVrrp(true);
        lab.awaitLogLines("n2", N2_MASTER, masters + 1, 30);
        for (String node : List.of("n1", "n2")) {
            String other = node.equals("n1") ? "n2" : "n1";
            lab.awaitLog(node, "vip1: split brain: the cluster registry reports node " + other + " \\("
                + Lab.ip(other).replace(".", "\\.") + "\\) as master too", 30);
        }
        String shown = lab.cli("n2", "vrrp:show vip1");
        assertTrue(shown, shown.contains("through the cluster registry: detected: node n1 (" + Lab.ip("n1")
            + ") reports master too"));

        Path arp = lab.file("arp.pcap", "");
        lab.run(30, "capture", "sw", arp.toString(), "arp");
        dropVrrp(false);
        double healed = System.currentTimeMillis();
        lab.awaitLogLines("n2", N2_BACKUP, backups + 1, 30);
        lab.awaitLog("n1", "vip1: split brain with node n2 \\(" + Lab.ip("n2").replace(".", "\\.")
            + "\\) over \\(cluster registry\\): node n2 .* no longer reports itself master", 30);
        lab.awaitLog("n1", "vip1: VIPs \\[/" + VIP.replace(".", "\\.") + "\\] announced again after a split brain", 30);
        lab.run(30, "capture-stop", arp.toString());

        String garps = tshark(arp, "-Y", "arp.src.proto_ipv4 == " + VIP + " && arp.dst.proto_ipv4 == " + VIP
            + " && eth.src == " + Lab.mac("n1") + " && frame.time_epoch > " + healed / 1000, "-T", "fields",
            "-e", "frame.time_epoch");
        assertTrue("no gratuitous ARP for " + VIP + " from n1 after the split brain healed:\n" + garps,
            !garps.isBlank());
        List<String> told = awaitLines(hook.resolveSibling("split-brain.txt"), List.of(
            "n1 detected registry " + Lab.ip("n2"), "n2 detected registry " + Lab.ip("n1"),
            "n1 ended registry " + Lab.ip("n2"), "n2 ended registry " + Lab.ip("n1")));
        assertTrue(String.join("\n", told), told.indexOf("n1 detected registry " + Lab.ip("n2"))
            < told.indexOf("n1 ended registry " + Lab.ip("n2")));
        shown = lab.cli("n1", "vrrp:show vip1");
        assertTrue(shown, shown.contains("Split brain") && shown.contains("through the cluster registry: none now (1"
            + " since the instance started)"));
    }

    /**
     * The lab's switch drops VRRP between its ports (or no longer): an nftables bridge filter in its namespace. Not on
     * the nodes: Vireo reads and writes VRRP through libpcap, which the nodes' own netfilter hooks do not see. The
     * cluster's TCP channel still passes.
     */
    private void dropVrrp(boolean on) throws Exception {
        if (on) {
            lab.exec("sw", "nft", "add table bridge lab_split; add chain bridge lab_split between { type filter hook"
                + " forward priority 0 ; } ; add rule bridge lab_split between ip protocol vrrp drop");
        } else {
            lab.exec("sw", "nft", "delete table bridge lab_split");
        }
    }

    /**
     * The hook's file once it holds every wanted line, in whatever order (written by processes of the nodes', which
     * tell this JVM nothing: read every 50 ms, 30 s at most).
     */
    private static List<String> awaitLines(Path file, List<String> wanted) throws Exception {
        long end = System.currentTimeMillis() + 30_000;
        while (true) {
            List<String> lines = Files.exists(file) ? Files.readAllLines(file) : List.of();
            if (lines.containsAll(wanted)) {
                return lines;
            }
            assertTrue("not all of " + wanted + " in " + file + ": " + lines, System.currentTimeMillis() < end);
            Thread.sleep(50);
        }
    }
}
