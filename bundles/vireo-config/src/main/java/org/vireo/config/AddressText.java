package org.vireo.config;

import java.net.InetAddress;

/**
 * An address as operators write it and read it in messages, the API and logs: a dotted quad, or IPv6 in RFC 5952's
 * form ({@code fe80::1}, not Java's {@code fe80:0:0:0:0:0:0:1}), so that what Vireo prints can be searched for with
 * what {@code ip addr}, tcpdump and keepalived print.
 */
public final class AddressText {

    private AddressText() {
    }

    /** {@code 10.0.0.1}, {@code fd77::53}, {@code fe80::77:ff:fe00:b}; no zone, no brackets. */
    public static String of(InetAddress address) {
        return of(address.getAddress());
    }

    /** The same for the 4 or 16 bytes of an address in network order. */
    public static String of(byte[] bytes) {
        if (bytes.length == 4) {
            return (bytes[0] & 0xff) + "." + (bytes[1] & 0xff) + "." + (bytes[2] & 0xff) + "." + (bytes[3] & 0xff);
        }
        if (bytes.length != 16) {
            throw new IllegalArgumentException("an address has 4 or 16 bytes, not " + bytes.length);
        }
        int[] groups = new int[8];
        for (int i = 0; i < 8; i++) {
            groups[i] = (bytes[2 * i] & 0xff) << 8 | bytes[2 * i + 1] & 0xff;
        }
        int bestStart = -1;
        int bestLength = 1; // RFC 5952 4.2: :: stands for two or more zero groups, the longest (the first of equals)
        for (int i = 0; i < 8; i++) {
            int j = i;
            while (j < 8 && groups[j] == 0) {
                j++;
            }
            if (j - i > bestLength) {
                bestStart = i;
                bestLength = j - i;
            }
            i = Math.max(i, j);
        }
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == bestStart) {
                out.append("::");
                i += bestLength - 1;
            } else {
                if (out.length() > 0 && out.charAt(out.length() - 1) != ':') {
                    out.append(':');
                }
                out.append(Integer.toHexString(groups[i]));
            }
        }
        return out.toString();
    }
}
