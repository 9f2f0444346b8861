package org.vireo.vip.internal.frame;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Objects;

import org.vireo.vrrp.DropReason;

/**
 * Builds and parses the Ethernet + IP layers around a VRRP message (RFC 5798 5.1).
 * The VRRP bytes, including their own checksum, are produced elsewhere.
 */
public final class VrrpFrames {

    public static final int IP_PROTOCOL_VRRP = 112;
    /** Bytes before the VRRP message in a frame built by {@link #ipv4}. */
    public static final int IPV4_OVERHEAD = EthernetHeader.LENGTH + 20;
    /** Bytes before the VRRP message in a frame built by {@link #ipv6}. */
    public static final int IPV6_OVERHEAD = EthernetHeader.LENGTH + Ipv6Header.LENGTH;

    private static final int IPV4_HEADER = 20;
    // DSCP CS6 (network control), as keepalived sends.
    private static final int TRAFFIC_CLASS = 0xc0;
    private static final int TTL = 255;
    /** A VRRP message is handed on only with its first two bytes: version/type, and the VRID to find its instance. */
    private static final int VRID_END = 2;

    private VrrpFrames() {
    }

    /**
     * Writes Ethernet + IPv4 + the VRRP message at out[outOff] and returns the frame length.
     * DF is left clear and no padding to 60 bytes is added, as keepalived does. The VRRP bytes
     * may already sit at out[outOff + IPV4_OVERHEAD]; any other overlap with the headers is wrong.
     *
     * @param ipId the IPv4 identification, 0..65535 (the caller keeps the counter)
     */
    public static int ipv4(MacAddress src, MacAddress dst, Inet4Address srcIp, Inet4Address dstIp, int ipId,
                           byte[] vrrp, int off, int len, byte[] out, int outOff) {
        if (ipId < 0 || ipId > 0xffff) {
            throw new IllegalArgumentException("IPv4 identification must be 0..65535, got " + ipId);
        }
        if (len > 0xffff - IPV4_HEADER) {
            throw new IllegalArgumentException("VRRP message too long for IPv4: " + len);
        }
        Objects.checkFromIndexSize(off, len, vrrp.length);
        Objects.checkFromIndexSize(outOff, IPV4_OVERHEAD + len, out.length);

        int ip = outOff + EthernetHeader.write(dst, src, EthernetHeader.TYPE_IPV4, out, outOff);
        System.arraycopy(vrrp, off, out, ip + IPV4_HEADER, len);
        out[ip] = 0x45; // version 4, IHL 5: no options
        out[ip + 1] = (byte) TRAFFIC_CLASS;
        Bytes.put16(out, ip + 2, IPV4_HEADER + len);
        Bytes.put16(out, ip + 4, ipId);
        Bytes.put16(out, ip + 6, 0); // flags and fragment offset
        out[ip + 8] = (byte) TTL;
        out[ip + 9] = (byte) IP_PROTOCOL_VRRP;
        Bytes.put16(out, ip + 10, 0); // the checksum is computed with this field zero
        System.arraycopy(srcIp.getAddress(), 0, out, ip + 12, 4);
        System.arraycopy(dstIp.getAddress(), 0, out, ip + 16, 4);
        Bytes.put16(out, ip + 10, InternetChecksum.finish(InternetChecksum.add(0, out, ip, IPV4_HEADER)));
        return IPV4_OVERHEAD + len;
    }

    /**
     * Writes Ethernet + IPv6 + the VRRP message at out[outOff] and returns the frame length.
     * Same overlap rule as {@link #ipv4}; IPv6 has no header checksum, the VRRP checksum covers the addresses.
     */
    public static int ipv6(MacAddress src, MacAddress dst, Inet6Address srcIp, Inet6Address dstIp,
                           byte[] vrrp, int off, int len, byte[] out, int outOff) {
        if (len > 0xffff) {
            throw new IllegalArgumentException("VRRP message too long for IPv6: " + len);
        }
        Objects.checkFromIndexSize(off, len, vrrp.length);
        Objects.checkFromIndexSize(outOff, IPV6_OVERHEAD + len, out.length);

        int ip = outOff + EthernetHeader.write(dst, src, EthernetHeader.TYPE_IPV6, out, outOff);
        System.arraycopy(vrrp, off, out, ip + Ipv6Header.LENGTH, len);
        Ipv6Header.write(srcIp, dstIp, TRAFFIC_CLASS, len, IP_PROTOCOL_VRRP, TTL, out, ip);
        return IPV6_OVERHEAD + len;
    }

    /**
     * Parses frame[off, off+len) as Ethernet (at most one 802.1Q tag) + IPv4 or IPv6 + VRRP, of which it checks
     * only that the version/type and VRID bytes are there (the codec checks the message). Anything else is refused
     * with the reason: {@link DropReason#TRUNCATED_FRAME}, {@link DropReason#NOT_VRRP} (another EtherType or
     * protocol, IPv6 extension headers), {@link DropReason#MALFORMED_IP_HEADER}, {@link DropReason#IP_FRAGMENT}
     * (IPv4, never reassembled), {@link DropReason#IP_HEADER_CHECKSUM}.
     *
     * @throws RefusedFrameException for every frame that is not such a packet: nothing else escapes for any bytes
     * @throws IndexOutOfBoundsException if {@code off}/{@code len} lie outside {@code frame} (a caller's bug)
     */
    public static ReceivedVrrp parse(byte[] frame, int off, int len) throws RefusedFrameException {
        Objects.checkFromIndexSize(off, len, frame.length);
        EthernetHeader eth = EthernetHeader.read(frame, off, len);
        if (eth == null) {
            throw refused(DropReason.TRUNCATED_FRAME);
        }
        int available = off + len - eth.payloadOffset();
        ReceivedVrrp packet = switch (eth.etherType()) {
            case EthernetHeader.TYPE_IPV4 -> parseIpv4(eth, frame, eth.payloadOffset(), available);
            case EthernetHeader.TYPE_IPV6 -> parseIpv6(eth, frame, eth.payloadOffset(), available);
            default -> throw refused(DropReason.NOT_VRRP);
        };
        if (packet.vrrpLength() < VRID_END) {
            throw refused(DropReason.TRUNCATED_FRAME);
        }
        return packet;
    }

    private static ReceivedVrrp parseIpv4(EthernetHeader eth, byte[] f, int ip, int available)
            throws RefusedFrameException {
        if (available < IPV4_HEADER) {
            throw refused(DropReason.TRUNCATED_FRAME);
        }
        int headerLength = (Bytes.u8(f, ip) & 0x0f) * 4;
        int totalLength = Bytes.u16(f, ip + 2);
        if (Bytes.u8(f, ip) >>> 4 != 4 || headerLength < IPV4_HEADER || totalLength < headerLength) {
            throw refused(DropReason.MALFORMED_IP_HEADER);
        }
        // Trailing bytes beyond totalLength are Ethernet padding, so only the upper bound is 'available'.
        if (totalLength > available) {
            throw refused(DropReason.TRUNCATED_FRAME);
        }
        // MF set or a non-zero offset: only part of a message, and we do not reassemble.
        if ((Bytes.u16(f, ip + 6) & 0x3fff) != 0) {
            throw refused(DropReason.IP_FRAGMENT);
        }
        if (Bytes.u8(f, ip + 9) != IP_PROTOCOL_VRRP) {
            throw refused(DropReason.NOT_VRRP);
        }
        if (InternetChecksum.finish(InternetChecksum.add(0, f, ip, headerLength)) != 0) {
            throw refused(DropReason.IP_HEADER_CHECKSUM);
        }
        return new ReceivedVrrp(eth.source(), eth.destination(), eth.vlanId(),
                Addresses.ipv4(f, ip + 12), Addresses.ipv4(f, ip + 16), Bytes.u8(f, ip + 8), IP_PROTOCOL_VRRP,
                ip + headerLength, totalLength - headerLength);
    }

    private static ReceivedVrrp parseIpv6(EthernetHeader eth, byte[] f, int ip, int available)
            throws RefusedFrameException {
        if (available < Ipv6Header.LENGTH) {
            throw refused(DropReason.TRUNCATED_FRAME);
        }
        if (Bytes.u8(f, ip) >>> 4 != 6) {
            throw refused(DropReason.MALFORMED_IP_HEADER);
        }
        int payloadLength = Bytes.u16(f, ip + 4);
        if (payloadLength > available - Ipv6Header.LENGTH) {
            throw refused(DropReason.TRUNCATED_FRAME);
        }
        if (Bytes.u8(f, ip + 6) != IP_PROTOCOL_VRRP) {
            throw refused(DropReason.NOT_VRRP);
        }
        return new ReceivedVrrp(eth.source(), eth.destination(), eth.vlanId(),
                Addresses.ipv6(f, ip + 8), Addresses.ipv6(f, ip + 24), Bytes.u8(f, ip + 7), IP_PROTOCOL_VRRP,
                ip + Ipv6Header.LENGTH, payloadLength);
    }

    private static RefusedFrameException refused(DropReason reason) {
        return new RefusedFrameException(reason);
    }

    /**
     * Rewrites the checksum of a VRRPv3 message (version nibble 3) that was computed for destination
     * {@code from} so that it is right for {@code to}: the v3 checksum covers the IP pseudo-header, so each
     * unicast peer needs its own (RFC 1624 incremental update). VRRPv2 messages are left as they are.
     */
    public static void retargetChecksum(byte[] vrrp, int off, InetAddress from, InetAddress to) {
        if ((Bytes.u8(vrrp, off) >>> 4) != 3) {
            return;
        }
        byte[] a = from.getAddress();
        byte[] b = to.getAddress();
        if (a.length != b.length) {
            throw new IllegalArgumentException("cannot retarget from " + from + " to " + to + ": different families");
        }
        long sum = ~Bytes.u16(vrrp, off + 6) & 0xffff;
        for (int i = 0; i < a.length; i += 2) {
            sum += (~Bytes.u16(a, i) & 0xffff) + Bytes.u16(b, i);
        }
        Bytes.put16(vrrp, off + 6, InternetChecksum.finish(sum));
    }
}
