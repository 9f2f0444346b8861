package org.vireo.vip.internal.frame;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HexFormat;

import org.vireo.vrrp.DropReason;

/** Test-side helpers, written independently of the main code so they can check it. */
final class TestBytes {

    private TestBytes() {
    }

    /** Why {@link VrrpFrames#parse} refuses the slice, or null when it takes it. */
    static DropReason refusal(byte[] frame, int off, int len) {
        try {
            VrrpFrames.parse(frame, off, len);
            return null;
        } catch (RefusedFrameException e) {
            return e.reason();
        }
    }

    /** {@link VrrpFrames#parse} of a frame the test knows to be VRRP: a refusal fails the test with its reason. */
    static ReceivedVrrp parsed(byte[] frame, int off, int len) {
        try {
            return VrrpFrames.parse(frame, off, len);
        } catch (RefusedFrameException e) {
            throw new AssertionError("refused as " + e.reason(), e);
        }
    }

    static byte[] hex(String s) {
        return HexFormat.of().parseHex(s.replaceAll("[\\s:]", ""));
    }

    static int u16(byte[] b, int off) {
        return ((b[off] & 0xff) << 8) | (b[off + 1] & 0xff);
    }

    @SuppressWarnings("unchecked")
    static <T extends InetAddress> T ip(String literal) {
        try {
            return (T) InetAddress.getByName(literal); // literals only: no lookup happens
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(literal, e);
        }
    }

    /**
     * Ones'-complement sum (folded, not complemented) of the parts concatenated; a message whose
     * checksum field is right sums to 0xffff.
     */
    static int onesComplementSum(byte[]... parts) {
        int sum = 0;
        int index = 0; // position in the concatenation decides high or low byte of a word
        for (byte[] part : parts) {
            for (byte b : part) {
                sum += (index++ % 2 == 0) ? (b & 0xff) << 8 : (b & 0xff);
                sum = (sum & 0xffff) + (sum >>> 16);
            }
        }
        return sum;
    }

    /** IPv6 pseudo-header of RFC 8200 8.1 as bytes: src, dst, 32-bit length, 3 zero bytes, next header. */
    static byte[] ipv6PseudoHeader(byte[] frame, int ipOff, int upperLength, int nextHeader) {
        byte[] p = new byte[40];
        System.arraycopy(frame, ipOff + 8, p, 0, 32);
        p[32] = (byte) (upperLength >>> 24);
        p[33] = (byte) (upperLength >>> 16);
        p[34] = (byte) (upperLength >>> 8);
        p[35] = (byte) upperLength;
        p[39] = (byte) nextHeader;
        return p;
    }
}
