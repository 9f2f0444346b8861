package org.vireo.itests;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import org.junit.Test;

/**
 * Virtual-MAC mode (RFC 5798 7.3): the master carries the VIP on a macvlan with 00:00:5e:00:01:VRID, so the
 * client's ARP entry names the virtual MAC and stays right across a failover; the backup has no macvlan.
 */
public class VirtualMacLabIT extends LabTestSupport {

    private static final String VIP = "10.77.0.81";
    private static final String VMAC = "00:00:5e:00:01:51"; // VRID 81 = 0x51

    public VirtualMacLabIT() {
        super("vm", 2);
    }

    @Test
    public void theClientKeepsItsArpEntryAcrossAFailover() throws Exception {
        lab.vireo("n1", "--role", "director", "--vrid", "81", "--priority", "150", "--interval-ms", "200", "--vip", VIP,
            "--vmac");
        lab.vireo("n2", "--role", "backup", "--vrid", "81", "--priority", "100", "--interval-ms", "200", "--vip", VIP,
            "--vmac");
        lab.awaitLog("n1", "vip1 .*BACKUP -> MASTER", 120);
        lab.awaitLog("n2", "vip1 .*INITIALIZE -> BACKUP", 120);
        lab.awaitLog("n1", "vip1: VIPs \\[/10\\.77\\.0\\.81\\] on vrrp\\.81", 10);
        String link = lab.exec("n1", "ip", "-o", "link", "show", "dev", "vrrp.81");
        assertTrue(link, link.contains("link/ether " + VMAC));
        assertTrue(lab.exec("n1", "ip", "-o", "addr", "show", "dev", "vrrp.81").contains(" " + VIP + "/32"));
        assertFalse(lab.exec("n2", "ip", "-o", "link", "show").contains("vrrp.81"));
        // only the macvlan answers for the VIP, and the parent's own ARP requests never name the VIP
        assertTrue(lab.exec("n1", "cat", "/proc/sys/net/ipv4/conf/eth0/arp_ignore").trim().equals("1"));
        assertTrue(lab.exec("n1", "cat", "/proc/sys/net/ipv4/conf/eth0/arp_announce").trim().equals("2"));
        lab.awaitClientNeighbour(VIP, VMAC, 10);

        // the adverts come from the virtual MAC
        String adverts = lab.exec("c", "timeout", "3", "tcpdump", "-c", "2", "-e", "-n", "-i", "eth0", "ip proto 112");
        assertTrue(adverts, adverts.contains(VMAC + " > 01:00:5e:00:00:12"));

        lab.run(60, "kill", "n1", "--cut");
        lab.awaitLog("n2", "vip1 .*BACKUP -> MASTER", 10);
        lab.awaitLog("n2", "vip1: VIPs \\[/10\\.77\\.0\\.81\\] on vrrp\\.81", 10);
        // the same MAC answers, now from n2: the client reaches the VIP without learning anything new
        lab.awaitClientNeighbour(VIP, VMAC, 10);
        String ping = lab.exec("c", "ping", "-c", "1", "-W", "2", VIP);
        assertTrue(ping, ping.contains("1 received"));
    }
}
