package org.vireo.vrrp.internal.packet;

import java.io.ByteArrayOutputStream;
import java.net.Inet6Address;
import java.net.InetAddress;

/**
 * A second, deliberately different RFC 1071 implementation for tests: the pseudo-header is built
 * as real bytes, laid out field by field as RFC 5798 5.2.8 / RFC 8200 8.1 draw it, and the one's
 * complement sum is taken as the plain sum modulo 0xFFFF (which is what end-around carry computes).
 */
final class IndependentChecksum {

    private IndependentChecksum() {
    }

    /** One's complement sum of big-endian 16-bit words, as a value in 1..0xFFFF (0 only for all-zero data). */
    static int onesComplementSum(byte[] data) {
        long plain = 0;
        for (int i = 0; i < data.length; i += 2) {
            int high = data[i] & 0xFF;
            int low = i + 1 < data.length ? data[i + 1] & 0xFF : 0;
            plain += high * 256L + low;
        }
        if (plain == 0) {
            return 0;
        }
        long mod = plain % 0xFFFF;
        return mod == 0 ? 0xFFFF : (int) mod;
    }

    static byte[] ipv4PseudoHeader(InetAddress source, InetAddress destination, int vrrpLength) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(source.getAddress());
        out.writeBytes(destination.getAddress());
        out.write(0);
        out.write(VrrpCodec.IP_PROTOCOL);
        out.write(vrrpLength >>> 8);
        out.write(vrrpLength);
        return out.toByteArray();
    }

    static byte[] ipv6PseudoHeader(InetAddress source, InetAddress destination, int vrrpLength) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(source.getAddress());
        out.writeBytes(destination.getAddress());
        out.write(vrrpLength >>> 24);
        out.write(vrrpLength >>> 16);
        out.write(vrrpLength >>> 8);
        out.write(vrrpLength);
        out.write(0);
        out.write(0);
        out.write(0);
        out.write(VrrpCodec.IP_PROTOCOL);
        return out.toByteArray();
    }

    /** The bytes a VRRP checksum covers: pseudo-header + message for v3, the message alone for v2. */
    static byte[] covered(byte[] message, VrrpVersion version, InetAddress source, InetAddress destination) {
        if (version == VrrpVersion.V2) {
            return message.clone();
        }
        byte[] pseudo = source instanceof Inet6Address
                ? ipv6PseudoHeader(source, destination, message.length)
                : ipv4PseudoHeader(source, destination, message.length);
        byte[] all = new byte[pseudo.length + message.length];
        System.arraycopy(pseudo, 0, all, 0, pseudo.length);
        System.arraycopy(message, 0, all, pseudo.length, message.length);
        return all;
    }

    /** The checksum the message should carry: computed with the checksum field taken as zero. */
    static int expected(byte[] message, VrrpVersion version, InetAddress source, InetAddress destination) {
        byte[] zeroed = message.clone();
        zeroed[6] = 0;
        zeroed[7] = 0;
        return ~onesComplementSum(covered(zeroed, version, source, destination)) & 0xFFFF;
    }

    /** Writes a correct checksum into a (possibly edited) message, so that later checks can be reached. */
    static byte[] reseal(byte[] message, VrrpVersion version, InetAddress source, InetAddress destination) {
        int checksum = expected(message, version, source, destination);
        message[6] = (byte) (checksum >>> 8);
        message[7] = (byte) checksum;
        return message;
    }

    static int field(byte[] message) {
        return (message[6] & 0xFF) << 8 | (message[7] & 0xFF);
    }
}
