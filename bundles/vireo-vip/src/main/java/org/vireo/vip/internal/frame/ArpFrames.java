package org.vireo.vip.internal.frame;

import java.net.Inet4Address;
import java.util.Objects;

/** Builds gratuitous ARP and parses Ethernet/IPv4 ARP frames. */
public final class ArpFrames {

    /** Length of a gratuitous ARP frame as built here: 14 Ethernet + 28 ARP, no padding. */
    public static final int GRATUITOUS_LENGTH = EthernetHeader.LENGTH + 28;

    private static final int HTYPE_ETHERNET = 1;
    private static final int PTYPE_IPV4 = 0x0800;

    private ArpFrames() {
    }

    /**
     * Writes a gratuitous ARP request for the VIP, byte for byte as keepalived sends it:
     * broadcast, sender IP = target IP = VIP, target MAC ff:ff:ff:ff:ff:ff. Returns 42.
     */
    public static int gratuitousRequest(MacAddress sender, Inet4Address vip, byte[] out, int off) {
        Objects.checkFromIndexSize(off, GRATUITOUS_LENGTH, out.length);
        byte[] ip = vip.getAddress();
        int arp = off + EthernetHeader.write(MacAddress.BROADCAST, sender, EthernetHeader.TYPE_ARP, out, off);
        Bytes.put16(out, arp, HTYPE_ETHERNET);
        Bytes.put16(out, arp + 2, PTYPE_IPV4);
        out[arp + 4] = MacAddress.LENGTH;
        out[arp + 5] = 4;
        Bytes.put16(out, arp + 6, ArpPacket.REQUEST);
        sender.writeTo(out, arp + 8);
        System.arraycopy(ip, 0, out, arp + 14, 4);
        // keepalived fills the target MAC with broadcast rather than the zeros of RFC 5227.
        MacAddress.BROADCAST.writeTo(out, arp + 18);
        System.arraycopy(ip, 0, out, arp + 24, 4);
        return GRATUITOUS_LENGTH;
    }

    /**
     * Parses frame[off, off+len) as an Ethernet/IPv4 ARP packet (at most one 802.1Q tag,
     * trailing padding ignored). Returns null for anything else; never throws.
     */
    public static ArpPacket parse(byte[] frame, int off, int len) {
        EthernetHeader eth = EthernetHeader.read(frame, off, len);
        if (eth == null || eth.etherType() != EthernetHeader.TYPE_ARP) {
            return null;
        }
        int arp = eth.payloadOffset();
        if (off + len - arp < 28
                || Bytes.u16(frame, arp) != HTYPE_ETHERNET || Bytes.u16(frame, arp + 2) != PTYPE_IPV4
                || Bytes.u8(frame, arp + 4) != MacAddress.LENGTH || Bytes.u8(frame, arp + 5) != 4) {
            return null;
        }
        return new ArpPacket(eth.source(), eth.destination(), eth.vlanId(), Bytes.u16(frame, arp + 6),
                MacAddress.of(frame, arp + 8), Addresses.ipv4(frame, arp + 14),
                MacAddress.of(frame, arp + 18), Addresses.ipv4(frame, arp + 24));
    }
}
