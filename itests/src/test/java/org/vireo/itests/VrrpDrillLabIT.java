package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.Test;

/**
 * Issue 25: {@code vrrp:drill} in the lab. n1 (director, priority 150) is master of vip1, n2 (backup, 100) its
 * backup, adverts every 100 ms; n3, a scanner, is the third member of their cluster. The drill on n1 has n3 probe the
 * VIP (a TCP connection to the balancer's port every 10 ms), resigns, and with --return takes the VIP back. What
 * it reports is checked against a capture made by the test on n3's wire: the longest gaps between the VIP's
 * answers (SYN-ACKs) there, one per handover, within 20 ms of the drill's figures; the takeover within the bound the
 * drill states (Skew_Time of priority 100, 15 ms for the new master's announcement, a probe interval at each end);
 * the new master's timeline near its
 * Skew_Time.
 */
public class VrrpDrillLabIT extends LabTestSupport {

    private static final String VIP = "10.77.0.53";
    private static final Pattern PHASE = Pattern.compile("(Takeover|Return) +outage ([0-9.]+) ms, ([0-9]+) of"
        + " ([0-9]+) attempts failed");
    private static final Pattern EXPECTED = Pattern.compile("Expected +at most ([0-9.]+) ms \\(Skew_Time ([0-9.]+) ms"
        + " of priority 100, 15 ms for the announcement, a probe interval at each end\\): (within|OVER)");
    private static final Pattern TIMELINE = Pattern.compile("first advert of the new master .*: ([0-9.]+) ms");
    private static final Pattern ANNOUNCED = Pattern.compile("Announced +VIPs on the new master and its gratuitous ARPs"
        + " sent .*: ([0-9.]+) ms after this node's last advert");

    public VrrpDrillLabIT() {
        super("dr", 3);
    }

    @Test
    public void theDrillsOutagesMatchTheWire_andTheTakeoverKeepsItsBound() throws Exception {
        startDirectorAndBackup(VIP, 100);
        lab.vireo("n3", "--role", "scanner");
        lab.awaitLog("n3", "role scanner active", 300);
        oneCluster(List.of("n1", "n2", "n3"));
        lab.awaitLog("n1", "cluster: node n3 \\(scanner\\) reports", 30);
        lab.awaitLog("n1", "balancer: listening on " + VIP.replace(".", "\\.") + ":9090", 60);

        Path wire = lab.file("drill.pcap", "");
        lab.run(30, "capture", "n3", wire.toString(), "tcp port 9090 and host " + VIP);
        String out = lab.cli("n1", "vrrp:drill --return vip1");
        lab.run(30, "capture-stop", wire.toString());

        assertTrue(out, out.contains("probe tcp:" + VIP + ":9090 from n3, every 10 ms"));
        List<double[]> phases = new ArrayList<>();
        Matcher m = PHASE.matcher(out);
        while (m.find()) {
            phases.add(new double[] {Double.parseDouble(m.group(2)), Double.parseDouble(m.group(3))});
        }
        assertEquals(out, 2, phases.size());
        Matcher expected = EXPECTED.matcher(out);
        assertTrue(out, expected.find());
        double bound = Double.parseDouble(expected.group(1));
        double skew = Double.parseDouble(expected.group(2));
        assertEquals("Skew_Time of priority 100 at 100 ms: " + out, 156 * 100.0 / 256, skew, 0.1);
        assertTrue("the takeover's outage within the bound: " + out, phases.get(0)[0] <= bound
            && "within".equals(expected.group(3)));
        Matcher timeline = TIMELINE.matcher(out);
        assertTrue(out, timeline.find());
        double vrrpGap = Double.parseDouble(timeline.group(1));
        assertTrue("the new master took over about Skew_Time after the priority-0 advert: " + out,
            vrrpGap >= skew - 5 && vrrpGap <= skew + 50);
        Matcher announced = ANNOUNCED.matcher(out);
        assertTrue(out, announced.find());
        double vipsOn = Double.parseDouble(announced.group(1));
        assertTrue("its VIPs announced after Skew_Time, before its first advert: " + out, vipsOn >= skew - 5
            && vipsOn <= vrrpGap + 0.05);

        double[] gaps = twoLongestGaps(wire);
        System.out.printf(Locale.ROOT, "VrrpDrillLabIT: the wire's gaps %.1f ms and %.1f ms; the drill said:%n%s%n",
            gaps[0], gaps[1], out);
        for (int i = 0; i < 2; i++) {
            assertTrue(String.format(Locale.ROOT, "handover %d: the drill says %.1f ms, the wire %.1f ms:%n%s", i + 1,
                phases.get(i)[0], gaps[i], out), Math.abs(phases.get(i)[0] - gaps[i]) <= 20);
        }
        String listed = lab.run(30, "exec", "c", "curl", "-sS", "--max-time", "10", "--cacert",
            apiCertificate("n1").toString(), "-u", "admin:" + java.nio.file.Files.readString(adminPasswordFile("n1"))
                .trim(), apiUrl("n1", "vrrp/vip1/drills"));
        System.out.println("VrrpDrillLabIT: GET /api/v1/vrrp/vip1/drills: " + listed);
        assertTrue(listed, listed.startsWith("[{\"id\":1,\"instance\":\"vip1\"") && listed.contains("\"probeMember\":\"n3\""));
    }

    /**
     * The handovers' gaps on n3's wire (ms): the longest between two SYN-ACKs of the VIP in turn (the takeover, the
     * drill's longest), then the longest that began over 1.3 s after it (the return, 1.4 s later: the drill's hold at
     * 100 ms adverts), so that no ordinary gap between is taken for either.
     */
    private static double[] twoLongestGaps(Path wire) throws Exception {
        List<Double> times = tshark(wire, "-Y", "ip.src == " + VIP + " && tcp.flags.syn == 1 && tcp.flags.ack == 1",
            "-T", "fields", "-e", "frame.time_epoch").lines().filter(l -> l.matches("[0-9]+\\.[0-9]+"))
            .map(Double::parseDouble).toList();
        assertTrue("the VIP's answers on n3's wire: " + times.size(), times.size() > 100);
        int takeover = longestGapAfter(times, 0);
        int back = longestGapAfter(times, times.get(takeover) + 1.3);
        return new double[] {gapMillis(times, takeover), gapMillis(times, back)};
    }

    /** The index i of the longest gap times[i] -> times[i + 1] with times[i] after {@code from}. */
    private static int longestGapAfter(List<Double> times, double from) {
        int longest = -1;
        for (int i = 0; i + 1 < times.size(); i++) {
            if (times.get(i) > from && (longest < 0 || gapMillis(times, i) > gapMillis(times, longest))) {
                longest = i;
            }
        }
        assertTrue("no answer on the wire after " + from, longest >= 0);
        return longest;
    }

    private static double gapMillis(List<Double> times, int i) {
        return (times.get(i + 1) - times.get(i)) * 1000;
    }
}
