package org.vireo.vip.internal.frame;

/**
 * The RFC 1071 ones'-complement sum. Partial sums are chained so a pseudo-header and
 * the message can be summed without first copying them into one buffer.
 */
final class InternetChecksum {

    private InternetChecksum() {
    }

    /** Adds the 16-bit words of b[off, off+len) to sum; an odd last byte is padded with zero. */
    static long add(long sum, byte[] b, int off, int len) {
        int end = off + len;
        int i = off;
        for (; i + 1 < end; i += 2) {
            sum += Bytes.u16(b, i);
        }
        if (i < end) {
            sum += (b[i] & 0xff) << 8;
        }
        return sum;
    }

    /** Folds the carries back in and complements: the value to put in a checksum field. */
    static int finish(long sum) {
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return (int) ~sum & 0xffff;
    }

    /** Sum of the IPv6 pseudo-header of RFC 8200 8.1 (addresses, upper-layer length, next header). */
    static long ipv6PseudoHeader(byte[] src16, byte[] dst16, int upperLength, int nextHeader) {
        long sum = add(0, src16, 0, 16);
        sum = add(sum, dst16, 0, 16);
        return sum + (upperLength >>> 16) + (upperLength & 0xffff) + nextHeader;
    }
}
