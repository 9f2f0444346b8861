package org.vireo.vrrp.internal.packet;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;

/** Address lists in wire form: packing, allocation-free comparison, and unpacking. */
final class AddressLists {

    static final int IPV4_LENGTH = 4;
    static final int IPV6_LENGTH = 16;

    private AddressLists() {
    }

    static byte[] pack(List<InetAddress> addresses) {
        int length = addresses.get(0).getAddress().length;
        byte[] packed = new byte[addresses.size() * length];
        for (int i = 0; i < addresses.size(); i++) {
            System.arraycopy(addresses.get(i).getAddress(), 0, packed, i * length, length);
        }
        return packed;
    }

    /** Whether the {@code count} addresses at {@code off} are exactly {@code packed}, in the same order. */
    static boolean sameInOrder(byte[] buf, int off, int count, int addressLength, byte[] packed) {
        int length = count * addressLength;
        return length == packed.length && Arrays.equals(buf, off, off + length, packed, 0, length);
    }

    /**
     * Whether the received addresses and {@code packed} hold the same addresses, in any order.
     * RFC 5798/3768 section 7.1 compare "Count IPvX Addrs and the list"; neither defines an order,
     * and peers may list the same addresses differently, so order does not count as a mismatch.
     */
    static boolean sameSet(byte[] buf, int off, int count, int addressLength, byte[] packed) {
        if (count * addressLength != packed.length) {
            return false;
        }
        // Both directions, so that duplicates on one side cannot hide a missing address.
        for (int i = 0; i < count; i++) {
            int at = off + i * addressLength;
            if (!contains(packed, 0, count, buf, at, addressLength)) {
                return false;
            }
            if (!contains(buf, off, count, packed, i * addressLength, addressLength)) {
                return false;
            }
        }
        return true;
    }

    private static boolean contains(byte[] list, int listOff, int count, byte[] address, int addressOff,
            int addressLength) {
        for (int i = 0; i < count; i++) {
            int at = listOff + i * addressLength;
            if (Arrays.equals(list, at, at + addressLength, address, addressOff, addressOff + addressLength)) {
                return true;
            }
        }
        return false;
    }

    static List<InetAddress> unpack(byte[] buf, int off, int count, int addressLength) {
        InetAddress[] addresses = new InetAddress[count];
        for (int i = 0; i < count; i++) {
            int at = off + i * addressLength;
            addresses[i] = toAddress(Arrays.copyOfRange(buf, at, at + addressLength));
        }
        return List.of(addresses);
    }

    private static InetAddress toAddress(byte[] bytes) {
        try {
            // Inet6Address.getByAddress keeps ::ffff:a.b.c.d an IPv6 address; InetAddress.getByAddress
            // would turn it into IPv4 and break the "all IPv6" rule of an IPv6 advertisement.
            return bytes.length == IPV6_LENGTH
                    ? Inet6Address.getByAddress(null, bytes, -1)
                    : InetAddress.getByAddress(bytes);
        } catch (UnknownHostException impossible) {
            // Only thrown for a length other than 4 or 16, which the callers never pass.
            throw new IllegalStateException(impossible);
        }
    }
}
