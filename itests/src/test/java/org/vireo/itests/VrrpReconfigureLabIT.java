package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.Test;

/**
 * Issue 24: a running master's configuration changed key by key, each in place. n1 (150) is master of VRID 65
 * (10.77.0.65), n2 (100) backup, adverts every 100 ms; the client pings the VIP every 10 ms throughout. n1's instance
 * gets: a second VIP (claimed and announced with gratuitous ARP, the client reaches it), that VIP removed again (it
 * leaves n1), the interval 100 -> 200 ms (n1's adverts say 20 cs from then on), preempt off with a delay, unicast
 * adverts to n2 (seen on the wire as such) and back to multicast, health tracking added. Through all of it n1 never
 * leaves MASTER, never sends priority 0, n2 never takes over, and the client loses no ping. Then the VRID changes
 * (65 -> 66), which is another virtual router: master first, then backup, the documented handover; afterwards n1 is
 * master of VRID 66 with the VIP, n2 backup, and what the client lost is printed.
 */
public class VrrpReconfigureLabIT extends LabTestSupport {

    private static final String VIP = "10.77.0.65";
    private static final String VIP2 = "10.77.0.66";
    private static final Pattern PING = Pattern.compile("(\\d+) packets transmitted, (\\d+) received");

    public VrrpReconfigureLabIT() {
        super("rc", 2);
    }

    @Test
    public void aMasterTakesEachChangeInPlace_andAVridChangeIsAHandover() throws Exception {
        lab.vireo("n1", "--role", "director", "--vrid", "65", "--priority", "150", "--interval-ms", "100", "--vip", VIP);
        lab.vireo("n2", "--role", "backup", "--vrid", "65", "--priority", "100", "--interval-ms", "100", "--vip", VIP);
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 300);
        lab.awaitLog("n2", "vip1 .*-> BACKUP", 120);
        lab.awaitClientNeighbour(VIP, Lab.mac("n1"), 10);
        int n1Transitions = lab.logLines("n1", "vip1 .* -> ").size();
        int n2Transitions = lab.logLines("n2", "vip1 .* -> ").size();
        Path pcap = lab.file("adverts.pcap", "");
        lab.run(30, "capture", "sw", pcap.toString(), "ip proto 112 or arp");
        Path pings = lab.file("ping.txt", "");
        long ping1 = startPing(pings);

        // a VIP added: on n1, announced, reachable; then removed: off n1
        change("n1", "virtualAddresses", VIP + ", " + VIP2, "virtualAddresses");
        lab.awaitAddress("n1", VIP2, true, 10);
        lab.awaitClientNeighbour(VIP2, Lab.mac("n1"), 10);
        change("n1", "virtualAddresses", VIP, "virtualAddresses");
        lab.awaitAddress("n1", VIP2, false, 10);

        // the interval, preemption, unicast adverts and back, tracking
        change("n1", "advertIntervalMillis", "200", "advertIntervalMillis");
        change("n1", "preempt", "false", "preempt");
        change("n1", "preemptDelaySeconds", "2", "preemptDelaySeconds");
        change("n1", "unicastPeers", Lab.ip("n2"), "unicastPeers");
        awaitAdvert(pcap, "ip.dst == " + Lab.ip("n2"));
        change("n1", "unicastPeers", "", "unicastPeers");
        int before = lab.logLines("n1", "health tracking for VRRP instance vip1: mode").size();
        Files.writeString(lab.home("n1").resolve("etc/org.vireo.health.track-vip1.cfg"),
            "instance = vip1\nmode = PROGRESSIVE\ninterfaces = eth0:20\n");
        lab.awaitLogLines("n1", "health tracking for VRRP instance vip1: mode", before + 1, 30);

        String ping = stopPing(ping1, pings);
        lab.run(30, "capture-stop", pcap.toString());
        assertEquals("n1 left MASTER during in-place changes: " + lab.logLines("n1", "vip1 .* -> "), n1Transitions,
            lab.logLines("n1", "vip1 .* -> ").size());
        assertEquals("n2 changed state: " + lab.logLines("n2", "vip1 .* -> "), n2Transitions,
            lab.logLines("n2", "vip1 .* -> ").size());
        String zero = tshark(pcap, "-Y", "vrrp.prio == 0", "-T", "fields", "-e", "ip.src");
        assertFalse("a priority-0 advert during in-place changes: " + zero, zero.contains("10.77."));
        String n2Adverts = tshark(pcap, "-Y", "vrrp && ip.src == " + Lab.ip("n2"), "-T", "fields", "-e", "ip.src");
        assertFalse("n2 advertised: " + n2Adverts, n2Adverts.contains(Lab.ip("n2")));
        String intervals = tshark(pcap, "-Y", "vrrp && ip.src == " + Lab.ip("n1"), "-T", "fields", "-e",
            "vrrp.short_adver_int");
        assertTrue("n1 never advertised 20 cs: " + intervals, intervals.lines().anyMatch("20"::equals));
        String garps = tshark(pcap, "-Y", "arp.src.proto_ipv4 == " + VIP2 + " && eth.src == " + Lab.mac("n1"),
            "-T", "fields", "-e", "arp.src.hw_mac");
        assertTrue("no gratuitous ARP for the added VIP: " + garps, garps.contains(Lab.mac("n1")));
        Matcher m = PING.matcher(ping);
        assertTrue(ping, m.find());
        assertEquals("the client lost pings while the master changed in place: " + ping, m.group(1), m.group(2));

        // the VRID: another virtual router, a handover: the master first (n2 takes the VIP over in the old one at
        // once), then the backup (it joins n1, master of the new one); preemption as it was
        change("n1", "preempt", "true", "preempt");
        change("n1", "preemptDelaySeconds", "0", "preemptDelaySeconds");
        long ping2 = startPing(pings);
        change("n1", "vrid", "66", "vrid");
        change("n2", "vrid", "66", "vrid");
        lab.awaitLog("n1", "VRRP instance vip1 \\(VRID 66, eth0\\): BACKUP -> MASTER", 30);
        awaitVipMoved(VIP, "n1", "n2");
        lab.awaitClientNeighbour(VIP, Lab.mac("n1"), 10);
        String list = lab.cli("n2", "vrrp:list");
        assertTrue(list, list.matches("(?s).*vip1\\s+\\|\\s+66 \\| eth0\\s+\\| BACKUP .*"));
        String handover = stopPing(ping2, pings);
        System.out.println("VrrpReconfigureLabIT: VRID 65 -> 66, master first: " + handover.replace('\n', ' '));
    }

    /**
     * Sets {@code key} of the node's instance through Karaf's shell ({@code config:property-set}, which writes
     * etc/ too), and waits for the change to be taken: in place, or by a restart for what needs one. The shell and
     * not the file: Karaf's file install reports a file only once it has stayed the same for a poll, and in CI an
     * edit made right after the previous one was applied went unseen for 30 s.
     */
    private void change(String node, String key, String value, String logged) throws Exception {
        String taken = "VRRP instance vip1: (changed in place \\(.*" + logged + "|.*" + logged
            + ".* changed: restarting it)";
        int before = lab.logLines(node, taken).size();
        lab.cli(node, "config:property-set -p org.vireo.vrrp.instance~vip1 " + key + " \"" + value + "\"");
        lab.awaitLogLines(node, taken, before + 1, 30);
    }

    /** Waits (bounded) until the capture holds an advert of n1 matching {@code filter}. */
    private static void awaitAdvert(Path pcap, String filter) throws Exception {
        long end = System.nanoTime() + 10_000_000_000L;
        String found = "";
        while (!found.contains(Lab.ip("n1"))) {
            assertTrue("no advert of n1 with " + filter, System.nanoTime() < end);
            Thread.sleep(200);
            found = tshark(pcap, "-Y", "vrrp && ip.src == " + Lab.ip("n1") + " && " + filter, "-T", "fields", "-e",
                "ip.src");
        }
    }

    /** The client pings the VIP every 10 ms (at most 120 s) until {@link #stopPing}; returns its process id. */
    private long startPing(Path pings) throws Exception {
        Files.writeString(pings, "");
        return Long.parseLong(lab.run(30, "spawn", "c", pings.toString(), "ping", "-q", "-i", "0.01", "-w", "120",
            VIP).trim());
    }

    /** SIGINT makes ping print its summary and end; returns the summary (bounded wait). */
    private static String stopPing(long pid, Path pings) throws Exception {
        assertEquals(0, new ProcessBuilder("kill", "-INT", String.valueOf(pid)).start().waitFor());
        ProcessHandle.of(pid).ifPresent(p -> p.onExit().join());
        long end = System.nanoTime() + 10_000_000_000L;
        String text = Files.readString(pings);
        while (!PING.matcher(text).find()) {
            assertTrue("the client's ping printed no summary: " + text, System.nanoTime() < end);
            Thread.sleep(100);
            text = Files.readString(pings);
        }
        return text;
    }
}
