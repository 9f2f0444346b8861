package org.vireo.vip.internal.frame;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

/** Reads IP addresses out of frames. These factories never resolve names. */
final class Addresses {

    private Addresses() {
    }

    static Inet4Address ipv4(byte[] b, int off) {
        try {
            return (Inet4Address) InetAddress.getByAddress(Arrays.copyOfRange(b, off, off + 4));
        } catch (UnknownHostException e) {
            throw new AssertionError("4 bytes is always a valid length", e);
        }
    }

    /**
     * Always an Inet6Address: InetAddress.getByAddress would turn ::ffff:a.b.c.d into an
     * Inet4Address, hiding that the packet was IPv6.
     */
    static Inet6Address ipv6(byte[] b, int off) {
        try {
            return Inet6Address.getByAddress(null, Arrays.copyOfRange(b, off, off + 16), -1);
        } catch (UnknownHostException e) {
            throw new AssertionError("16 bytes is always a valid length", e);
        }
    }
}
