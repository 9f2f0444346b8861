package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.Test;

/**
 * VRRP on a hardened and on a hostile LAN. n1 has IPv6 disabled ({@code lab.sh up --no-ipv6 n1}, as on a hardened
 * host): an IPv4 instance runs there, an IPv6 one says why it cannot and holds nothing while it retries. And an
 * instance with {@code allowedPeers} stays master while a stranger advertises a higher priority, every such advert
 * counted; the adverts of a VRID no instance runs are counted on the interface.
 */
public class VrrpWireLabIT extends LabTestSupport {

    private static final Pattern NOT_A_PEER = Pattern.compile("dropped NOT_A_PEER:\\s+(\\d+)");

    public VrrpWireLabIT() {
        super("vw", 3, "--no-ipv6", "n1");
    }

    @Test
    public void onANodeWithIpv6DisabledAnIpv4InstanceRunsAndAnIpv6OneSaysWhyHoldingNothing() throws Exception {
        // given n1 (IPv6 disabled) with an IPv4 instance and an IPv6 one
        Path six = lab.file("org.vireo.vrrp.instance-six.cfg", "name = six\ninterfaceName = eth0\nvrid = 82\n"
            + "addressFamily = ipv6\npriority = 150\nadvertIntervalMillis = 100\nvirtualAddresses = fe80::82\n");
        lab.vireo("n1", "--role", "director", "--vrid", "81", "--priority", "150", "--interval-ms", "100", "--vip",
            "10.77.0.81", "--cfg", six.toString());

        // then the IPv4 instance is master, holds its VIP and its adverts are on the wire
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 120);
        lab.awaitAddress("n1", "10.77.0.81", true, 10);
        String advert = lab.exec("n2", "timeout", "10", "tcpdump", "-c", "1", "-n", "-i", "eth0",
            "ip proto 112 and src host " + Lab.ip("n1"));
        assertTrue(advert, advert.contains(Lab.ip("n1") + " > 224.0.0.18: VRRPv3, Advertisement, vrid 81, prio 150"));

        // and the IPv6 instance is in FAULT with the reason
        lab.awaitLog("n1", "VRRP instance six: cannot open eth0: IPv6 is disabled on eth0 "
            + "\\(net.ipv6.conf.eth0.disable_ipv6 = 1\\)", 30);
        String list = lab.cli("n1", "vrrp:list");
        assertTrue(list, list.matches("(?s).*six\\s+\\|\\s+82 \\| eth0\\s+\\| FAULT .*IPv6 is disabled on eth0.*"));
        assertTrue(list, list.matches("(?s).*vip1\\s+\\|\\s+81 \\| eth0\\s+\\| MASTER .*"));

        // and while it retries (every 5 s), the node holds vip1's two pcap handles and no more
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(12);
        while (System.nanoTime() < end) {
            assertEquals("packet sockets of n1's JVM", 2, lab.packetSockets("n1"));
            Thread.sleep(500);
        }
    }

    @Test
    public void aStrangerDoesNotMoveAnInstanceWithAllowedPeersAndEveryDropIsCounted() throws Exception {
        // given n1 master of VRID 83, which takes adverts from n3 only
        Path vip1 = lab.file("org.vireo.vrrp.instance-vip1.cfg", "name = vip1\ninterfaceName = eth0\nvrid = 83\n"
            + "priority = 100\nadvertIntervalMillis = 1000\nvirtualAddresses = 10.77.0.83\n"
            + "allowedPeers = " + Lab.ip("n3") + "\n");
        lab.vireo("n1", "--role", "director", "--cfg", vip1.toString());
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 120);

        // when a stranger (n2) advertises VRID 83 at priority 254, and n3 runs another VRID
        lab.run(60, "keepalived", "n2", "--vrid", "83", "--priority", "254", "--interval-ms", "1000", "--vip",
            "10.77.0.83");
        lab.run(60, "keepalived", "n3", "--vrid", "99", "--priority", "100", "--interval-ms", "1000", "--vip",
            "10.77.0.99");

        // then n1 counts the stranger's adverts and stays master
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        String show = lab.cli("n1", "vrrp:show vip1");
        while (notAPeer(show) < 5) {
            assertTrue("the stranger's adverts are not counted:\n" + show, System.nanoTime() < end);
            Thread.sleep(500);
            show = lab.cli("n1", "vrrp:show vip1");
        }
        assertFalse(show, lab.logs("n1", "vip1 .*MASTER -> BACKUP", 0));
        assertTrue(show, show.matches("(?s).*State:\\s+MASTER .*"));
        assertTrue(lab.exec("n1", "ip", "-o", "addr", "show"), lab.hasAddress("n1", "10.77.0.83"));

        // and what no instance of n1 runs is counted on its interface
        String list = lab.cli("n1", "vrrp:list");
        assertTrue(list, list.matches("(?s).*Dropped on eth0 before any instance: \\d+ \\(UNKNOWN_VRID \\d+\\).*"));
        assertTrue(show, show.contains("dropped UNKNOWN_VRID"));
    }

    private static long notAPeer(String show) {
        Matcher m = NOT_A_PEER.matcher(show);
        return m.find() ? Long.parseLong(m.group(1)) : 0;
    }
}
