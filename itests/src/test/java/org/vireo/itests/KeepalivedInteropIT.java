package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.Test;

/**
 * A Vireo node (n1) and keepalived 2.2.7 (n2) in one virtual router, VRRPv3 and VRRPv2 over IPv4 and VRRPv3 over
 * IPv6: each side master and backup, each preempting the other, and tshark decoding Vireo's adverts without a
 * complaint.
 */
public class KeepalivedInteropIT extends LabTestSupport {

    private static final String VIP = "10.77.0.61";
    private static final Pattern ENTERING = Pattern.compile("Entering (\\w+) STATE");

    public KeepalivedInteropIT() {
        super("ki", 2);
    }

    @Test
    public void vrrpV3() throws Exception {
        interoperate(3, "61", VIP, "ip proto 112 and src host " + Lab.ip("n1"));
    }

    @Test
    public void vrrpV2() throws Exception {
        interoperate(2, "61", VIP, "ip proto 112 and src host " + Lab.ip("n1"));
    }

    /**
     * Issue 24: VRRPv3 over IPv6 (RFC 5798 as updated by RFC 9568), adverts from each side's link-local address to
     * ff02::12; the link-local VIP first in both lists, as RFC 5798 5.2.9 wants (keepalived warns otherwise).
     */
    @Test
    public void vrrpV3OverIpv6() throws Exception {
        interoperate(3, "63", "fe80::63,fd77::63", "ip6 proto 112 and src host " + Lab.linkLocal("n1"));
    }

    /** Unicast adverts both ways (no multicast): each side hears the other and the election works. */
    @Test
    public void unicastPeers() throws Exception {
        lab.run(60, "keepalived", "n2", "--vrid", "62", "--priority", "100", "--interval-ms", "1000", "--vip",
            "10.77.0.62", "--unicast-peer", Lab.ip("n1"));
        lab.vireo("n1", "--role", "director", "--vrid", "62", "--priority", "150", "--interval-ms", "1000", "--vip",
            "10.77.0.62", "--unicast-peer", Lab.ip("n2"));
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 120);
        awaitKeepalived("BACKUP", 10);
        awaitVipMoved("10.77.0.62", "n1", "n2");
        // captured on n2: the switch does not flood unicast to anyone else
        String unicast = lab.exec("n2", "timeout", "5", "tcpdump", "-c", "1", "-n", "-i", "eth0",
            "ip proto 112 and src host " + Lab.ip("n1"));
        assertTrue(unicast, unicast.contains(Lab.ip("n1") + " > " + Lab.ip("n2")));

        setVireoPriority(50);
        lab.awaitLog("n1", "vip1 .*MASTER -> BACKUP", 30);
        awaitKeepalived("MASTER", 10);
        awaitVipMoved("10.77.0.62", "n2", "n1");
    }

    /** {@code vips}: comma-separated, the last one is checked on the nodes; {@code vireoAdverts}: a capture filter. */
    private void interoperate(int version, String vrid, String vips, String vireoAdverts) throws Exception {
        String v = String.valueOf(version);
        String vip = vips.substring(vips.lastIndexOf(',') + 1);
        String keepalivedAddress = vip.contains(":") ? Lab.linkLocal("n2") : Lab.ip("n2");
        lab.run(60, "keepalived", "n2", "--vrid", vrid, "--priority", "100", "--interval-ms", "1000", "--vip", vips,
            "--version", v);
        awaitKeepalived("(BACKUP|MASTER)", 30);
        lab.vireo("n1", "--role", "director", "--vrid", vrid, "--priority", "150", "--interval-ms", "1000", "--vip",
            vips, "--version", v);

        // Vireo master, keepalived backup (if keepalived was master first, Vireo preempts it)
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 120);
        awaitKeepalived("BACKUP", 10);
        awaitVipMoved(vip, "n1", "n2");
        assertTsharkDecodesVireo(version, vrid, vips, vireoAdverts);

        // keepalived preempts Vireo: Vireo's priority drops below keepalived's (a hot configuration change)
        setVireoPriority(50);
        lab.awaitLog("n1", "vip1 .*MASTER -> BACKUP", 30);
        awaitKeepalived("MASTER", 10);
        awaitVipMoved(vip, "n2", "n1");
        String list = lab.cli("n1", "vrrp:list");
        assertTrue(list, list.contains("BACKUP") && list.contains(keepalivedAddress));

        // Vireo preempts keepalived
        setVireoPriority(200);
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 30);
        awaitKeepalived("BACKUP", 10);
        awaitVipMoved(vip, "n1", "n2");
        String counters = lab.cli("n1", "vrrp:show vip1");
        assertTrue("Vireo dropped keepalived's adverts:\n" + counters, counters.contains("(0 dropped, ")
            && !counters.contains("Packets received:          0 "));
    }

    private void setVireoPriority(int priority) throws Exception {
        Path cfg = lab.home("n1").resolve("etc/org.vireo.vrrp.instance-vip1.cfg");
        String text = Files.readString(cfg).replaceAll("(?m)^priority = \\d+$", "priority = " + priority);
        Path tmp = cfg.resolveSibling("vip1.tmp");
        Files.writeString(tmp, text);
        Files.move(tmp, cfg, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        lab.awaitLog("n1", "VRRP instance vip1: priority [0-9]+ -> " + priority, 30);
    }

    /**
     * tshark decodes a few of Vireo's adverts, taken on the client, as VRRP of the version, with no expert warning,
     * the addresses in the order given.
     */
    private void assertTsharkDecodesVireo(int version, String vrid, String vips, String filter) throws Exception {
        Path pcap = Files.createTempFile("vireo-adverts-", ".pcap");
        try {
            lab.run(30, "capture", "c", pcap.toString(), filter);
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            String decoded = "";
            while (System.nanoTime() < end && !decoded.contains("Frame 3:")) {
                Thread.sleep(500);
                decoded = tshark(pcap, "-V");
            }
            lab.run(30, "capture-stop", pcap.toString());
            decoded = tshark(pcap, "-V", "-o", "ip.check_checksum:TRUE");
            assertTrue(decoded, decoded.contains("Virtual Router Redundancy Protocol"));
            assertTrue(decoded, decoded.contains("Version " + version + ", Packet type 1 (Advertisement)"));
            assertTrue(decoded, decoded.contains("[Checksum Status: Good]"));
            if (vips.contains(":")) { // IPv6 has no header checksum; the pseudo-header is in VRRP's
                assertTrue(decoded, decoded.contains("Hop Limit: 255") && decoded.contains("Dst: ff02::12"));
            } else {
                assertTrue(decoded, decoded.contains("Header Checksum: 0x")
                    && !decoded.contains("[validation disabled]"));
            }
            assertTrue(decoded, decoded.contains("Virtual Rtr ID: " + vrid));
            String addresses = Pattern.compile("(?m)^\\s*IPv?6? ?Address: (\\S+)$").matcher(decoded.substring(0,
                decoded.indexOf("Frame 2:") > 0 ? decoded.indexOf("Frame 2:") : decoded.length())).results()
                .map(m -> m.group(1)).reduce((a, b) -> a + "," + b).orElse("");
            assertEquals(decoded, vips, addresses);
            assertFalse(decoded, decoded.contains("Malformed"));
            assertFalse(decoded, decoded.contains("Expert Info (Warning") || decoded.contains("Expert Info (Error"));
            assertFalse(decoded, decoded.contains("[incorrect"));
            String warnings = tshark(pcap, "-q", "-z", "expert,warn");
            assertFalse(warnings, warnings.contains("Warns ("));
        } finally {
            Files.deleteIfExists(pcap);
        }
    }

    private Path keepalivedLog() {
        return lab.home("n1").resolveSibling("keepalived-n2").resolve("keepalived.log");
    }

    /** The state keepalived entered last ("Entering MASTER STATE" and the like in its log), or "". */
    private String keepalivedState() throws Exception {
        Path log = keepalivedLog();
        String state = "";
        if (Files.exists(log)) {
            for (String line : Files.readAllLines(log)) {
                Matcher m = ENTERING.matcher(line);
                if (m.find()) {
                    state = m.group(1);
                }
            }
        }
        return state;
    }

    private void awaitKeepalived(String stateRegex, int seconds) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!keepalivedState().matches(stateRegex)) {
            assertTrue("keepalived is not in state " + stateRegex + " within " + seconds + " s:\n"
                + (Files.exists(keepalivedLog()) ? Files.readString(keepalivedLog()) : "(no log)"),
                System.nanoTime() < end);
            Thread.sleep(100);
        }
    }
}
