package org.vireo.vip.internal.frame;

import java.net.Inet6Address;
import java.util.Objects;

/** Builds the unsolicited neighbor advertisement (RFC 4861 4.4, 7.2.6) that announces an IPv6 VIP. */
public final class NeighborAdvertisementFrames {

    /** 14 Ethernet + 40 IPv6 + 24 NA + 8 target link-layer address option. */
    public static final int LENGTH = EthernetHeader.LENGTH + Ipv6Header.LENGTH + 32;

    private static final int NEXT_HEADER_ICMPV6 = 58;
    private static final int TYPE_NEIGHBOR_ADVERTISEMENT = 136;
    private static final int FLAG_ROUTER = 0x8000_0000;
    private static final int FLAG_OVERRIDE = 0x2000_0000;
    private static final int OPTION_TARGET_LINK_LAYER = 2;
    private static final int ICMP_LENGTH = 32;
    // RFC 4861 7.1.2: receivers drop ND messages whose hop limit is not 255.
    private static final int HOP_LIMIT = 255;
    private static final Inet6Address ALL_NODES = allNodes();

    private NeighborAdvertisementFrames() {
    }

    /** {@link #unsolicited(MacAddress, Inet6Address, Inet6Address, boolean, byte[], int)} with Router clear. */
    public static int unsolicited(MacAddress sender, Inet6Address vip, Inet6Address srcLinkLocal,
                                  byte[] out, int off) {
        return unsolicited(sender, vip, srcLinkLocal, false, out, off);
    }

    /**
     * Writes an unsolicited NA to ff02::1 for {@code vip} with Override set (so neighbours
     * replace their cached MAC) and Solicited clear. Returns {@link #LENGTH}.
     *
     * @param srcLinkLocal the IPv6 source, normally the interface's link-local address
     * @param router       the Router flag: set where hosts route through the VIP, for a clear one makes a host
     *                     that had the address as its router drop it from its default router list (RFC 4861 7.2.5)
     */
    public static int unsolicited(MacAddress sender, Inet6Address vip, Inet6Address srcLinkLocal, boolean router,
                                  byte[] out, int off) {
        Objects.checkFromIndexSize(off, LENGTH, out.length);
        int ip = off + EthernetHeader.write(MacAddress.IPV6_ALL_NODES, sender, EthernetHeader.TYPE_IPV6, out, off);
        Ipv6Header.write(srcLinkLocal, ALL_NODES, 0, ICMP_LENGTH, NEXT_HEADER_ICMPV6, HOP_LIMIT, out, ip);

        int icmp = ip + Ipv6Header.LENGTH;
        out[icmp] = (byte) TYPE_NEIGHBOR_ADVERTISEMENT;
        out[icmp + 1] = 0; // code
        Bytes.put16(out, icmp + 2, 0); // checksum, filled in below
        Bytes.put32(out, icmp + 4, FLAG_OVERRIDE | (router ? FLAG_ROUTER : 0));
        System.arraycopy(vip.getAddress(), 0, out, icmp + 8, 16);
        out[icmp + 24] = OPTION_TARGET_LINK_LAYER;
        out[icmp + 25] = 1; // option length in units of 8 bytes
        sender.writeTo(out, icmp + 26);

        long sum = InternetChecksum.ipv6PseudoHeader(srcLinkLocal.getAddress(), ALL_NODES.getAddress(),
                ICMP_LENGTH, NEXT_HEADER_ICMPV6);
        Bytes.put16(out, icmp + 2, InternetChecksum.finish(InternetChecksum.add(sum, out, icmp, ICMP_LENGTH)));
        return LENGTH;
    }

    private static Inet6Address allNodes() {
        byte[] a = new byte[16];
        a[0] = (byte) 0xff;
        a[1] = 0x02;
        a[15] = 1;
        return Addresses.ipv6(a, 0);
    }
}
