package org.vireo.vrrp.internal.packet;

import java.net.Inet6Address;
import java.net.InetAddress;

/**
 * The Internet checksum of RFC 1071: the 16-bit one's complement of the one's complement sum of
 * the data taken as big-endian 16-bit words. Sums are kept folded to 16 bits between calls so that
 * partial sums (pseudo-header, then message) can be chained without overflow.
 */
final class InternetChecksum {

    private InternetChecksum() {
    }

    /** Adds {@code len} bytes to a folded running sum; an odd last byte is padded with a zero byte. */
    static int add(int sum, byte[] b, int off, int len) {
        long acc = sum; // long: no overflow whatever the length
        int end = off + len;
        int i = off;
        for (; i + 1 < end; i += 2) {
            acc += ((b[i] & 0xFF) << 8) | (b[i + 1] & 0xFF);
        }
        if (i < end) {
            acc += (b[i] & 0xFF) << 8;
        }
        return fold(acc);
    }

    /**
     * Adds the pseudo-header VRRPv3 prepends (RFC 5798 section 5.2.8). IPv4: source, destination,
     * zero byte, protocol, 16-bit length. IPv6 (RFC 8200 section 8.1): source, destination, 32-bit
     * upper-layer length, three zero bytes, next header. The caller guarantees both addresses are
     * of the same family.
     */
    static int addPseudoHeader(int sum, InetAddress source, InetAddress destination, int protocol, int length) {
        byte[] src = source.getAddress();
        byte[] dst = destination.getAddress();
        sum = add(sum, src, 0, src.length);
        sum = add(sum, dst, 0, dst.length);
        if (source instanceof Inet6Address) {
            sum += (length >>> 16) + (length & 0xFFFF);
        } else {
            sum += length & 0xFFFF;
        }
        return fold(sum + protocol);
    }

    /** The checksum to put on the wire for a sum taken with the checksum field set to zero. */
    static int checksum(int sum) {
        return ~fold(sum) & 0xFFFF;
    }

    /** Whether a sum taken over data including its checksum field verifies (is all ones). */
    static boolean verifies(int sum) {
        return fold(sum) == 0xFFFF;
    }

    private static int fold(long sum) {
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xFFFF) + (sum >>> 16);
        }
        return (int) sum;
    }
}
