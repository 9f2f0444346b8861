package org.vireo.vip.internal.frame;

import java.net.Inet4Address;

/**
 * A parsed Ethernet/IPv4 ARP packet (RFC 826).
 *
 * @param ethernetSource      source of the carrying Ethernet frame (may differ from senderMac)
 * @param ethernetDestination destination of the carrying Ethernet frame
 * @param vlanId              802.1Q VLAN id, or -1 if the frame was untagged
 * @param opcode              1 request, 2 reply
 */
public record ArpPacket(MacAddress ethernetSource, MacAddress ethernetDestination, int vlanId, int opcode,
                        MacAddress senderMac, Inet4Address senderIp, MacAddress targetMac, Inet4Address targetIp) {

    public static final int REQUEST = 1;
    public static final int REPLY = 2;

    /** Sender and target IP are the same: an announcement, not a question about another host. */
    public boolean isGratuitous() {
        return senderIp.equals(targetIp);
    }
}
