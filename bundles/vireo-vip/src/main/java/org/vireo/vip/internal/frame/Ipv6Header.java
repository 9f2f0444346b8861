package org.vireo.vip.internal.frame;

import java.net.Inet6Address;

/** The fixed 40-byte IPv6 header (RFC 8200 3). */
final class Ipv6Header {

    static final int LENGTH = 40;

    private Ipv6Header() {
    }

    /** Writes the header at out[off]; the flow label is always 0. */
    static void write(Inet6Address src, Inet6Address dst, int trafficClass, int payloadLength,
                      int nextHeader, int hopLimit, byte[] out, int off) {
        Bytes.put32(out, off, (6 << 28) | ((trafficClass & 0xff) << 20));
        Bytes.put16(out, off + 4, payloadLength);
        out[off + 6] = (byte) nextHeader;
        out[off + 7] = (byte) hopLimit;
        System.arraycopy(src.getAddress(), 0, out, off + 8, 16);
        System.arraycopy(dst.getAddress(), 0, out, off + 24, 16);
    }
}
