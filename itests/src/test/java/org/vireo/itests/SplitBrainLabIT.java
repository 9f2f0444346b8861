package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.junit.Test;

/**
 * Issue 23: a split brain and its end, on the wire. n1 (priority 150) is master, n2 (100) backup, adverts every
 * 100 ms; both run a hook for {@code vrrp.split_brain}. Their switch ports are then isolated from each other (the
 * bridge's port isolation: each still reaches the client, not the other; this kernel has no tc action to drop VRRP
 * alone), so each hears no master and both become master. When the filters go, n1 hears n2's adverts as master: it reports the split brain, answers at once
 * (n2 yields to the higher priority), and once n2 has been silent for Master_Down_Interval reports its end and
 * announces its VIP again: gratuitous ARPs from n1's MAC after the healing, on the switch's capture (keepalived
 * sends nothing then, acassen/keepalived#1884).
 */
public class SplitBrainLabIT extends LabTestSupport {

    private static final String VIP = "10.77.0.52";
    private static final String HOOK = "#!/bin/bash\n"
        + "printf '%s %s %s %s\\n' \"$VIREO_NODE\" \"$VIREO_STATE\" \"$VIREO_PEER\" \"$VIREO_COUNT\""
        + " >> \"$(dirname \"$0\")/split-brain.txt\"\n";

    private static final String N2_MASTER = "vip1 .*BACKUP -> MASTER";
    private static final String N2_BACKUP = "vip1 .*MASTER -> BACKUP";

    public SplitBrainLabIT() {
        super("sb", 2);
    }

    @Test
    public void bothBecomeMasterWhileTheirAdvertsAreDropped_theBetterOneReportsItAndAnnouncesItsVipAgainOnceHealed()
        throws Exception {
        Path hook = lab.file("split-hook.sh", HOOK);
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path hookCfg = lab.file("org.vireo.notify.hook-split.cfg", "name = split\ncommand = " + hook
            + "\nevents = vrrp.split_brain\n");
        // no second burst 5 s after a claim: the only gratuitous ARPs of n1's after the healing are the ones it owes
        Path vipCfg = lab.file("org.vireo.vip.cfg", "garpDelaySeconds = 0\n");
        startDirectorAndBackup(VIP, 100, List.of("--cfg", hookCfg.toString(), "--cfg", vipCfg.toString()),
            "--cfg", hookCfg.toString());

        // n2 may have flapped already while the two JVMs were booting: its take-over is the next one
        int masters = lab.logLines("n2", N2_MASTER).size();
        int backups = lab.logLines("n2", N2_BACKUP).size();
        isolate(true);
        lab.awaitLogLines("n2", N2_MASTER, masters + 1, 30);

        Path arp = lab.file("arp.pcap", "");
        lab.run(30, "capture", "sw", arp.toString(), "arp");
        isolate(false);
        double healed = System.currentTimeMillis();
        lab.awaitLog("n1", "vip1: split brain: " + Lab.ip("n2").replace(".", "\\.") + " advertises as master", 30);
        lab.awaitLogLines("n2", N2_BACKUP, backups + 1, 30);
        lab.awaitLog("n1", "vip1: split brain with " + Lab.ip("n2").replace(".", "\\.") + " over: it went silent", 30);
        lab.awaitLog("n1", "vip1: VIPs \\[/" + VIP.replace(".", "\\.") + "\\] announced again after a split brain", 30);
        lab.run(30, "capture-stop", arp.toString());

        String garps = tshark(arp, "-Y", "arp.src.proto_ipv4 == " + VIP + " && arp.dst.proto_ipv4 == " + VIP
            + " && eth.src == " + Lab.mac("n1") + " && frame.time_epoch > " + healed / 1000, "-T", "fields",
            "-e", "frame.time_epoch");
        assertTrue("no gratuitous ARP for " + VIP + " from n1 after the split brain healed:\n" + garps,
            !garps.isBlank());
        Path record = hook.resolveSibling("split-brain.txt");
        awaitLines(record, 2);
        assertEquals(List.of("n1 detected " + Lab.ip("n2") + " 1", "n1 ended " + Lab.ip("n2") + " 1"),
            Files.readAllLines(record));
        String shown = lab.cli("n1", "vrrp:show vip1");
        assertTrue(shown, shown.contains("Split brain") && shown.contains("none now (1 since the instance started)"));
    }

    /** n1's and n2's switch ports isolated from each other (or no longer): neither hears the other's adverts. */
    private void isolate(boolean on) throws Exception {
        for (String node : List.of("n1", "n2")) {
            lab.run(30, "exec", "sw", "bridge", "link", "set", "dev", "p-" + node, "isolated", on ? "on" : "off");
        }
    }

    /** The hook's file, written by a process of the node's, which tells this JVM nothing: read every 50 ms, 10 s. */
    private static void awaitLines(Path file, int count) throws Exception {
        long end = System.currentTimeMillis() + 10_000;
        while (!Files.exists(file) || Files.readAllLines(file).size() < count) {
            assertTrue("fewer than " + count + " lines in " + file, System.currentTimeMillis() < end);
            Thread.sleep(50);
        }
    }
}
