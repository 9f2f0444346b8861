package org.vireo.vip.internal.frame;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.util.Objects;

/** An immutable 48-bit Ethernet MAC address. */
public final class MacAddress {

    public static final int LENGTH = 6;

    public static final MacAddress BROADCAST = new MacAddress(0xffff_ffff_ffffL);
    /** Destination MAC of 224.0.0.18 (RFC 1112 6.4 mapping). */
    public static final MacAddress VRRP_IPV4_MULTICAST = new MacAddress(0x0100_5e00_0012L);
    /** Destination MAC of ff02::12 (RFC 2464 7 mapping). */
    public static final MacAddress VRRP_IPV6_MULTICAST = new MacAddress(0x3333_0000_0012L);
    /** Destination MAC of ff02::1, used for unsolicited neighbor advertisements. */
    public static final MacAddress IPV6_ALL_NODES = new MacAddress(0x3333_0000_0001L);

    // A long keeps the class trivially immutable (no defensive array copies).
    private final long value;

    private MacAddress(long value) {
        this.value = value;
    }

    /** Copies six bytes starting at {@code off}. */
    public static MacAddress of(byte[] bytes, int off) {
        Objects.checkFromIndexSize(off, LENGTH, bytes.length);
        long v = 0;
        for (int i = 0; i < LENGTH; i++) {
            v = (v << 8) | (bytes[off + i] & 0xff);
        }
        return new MacAddress(v);
    }

    public static MacAddress of(byte[] bytes) {
        if (bytes.length != LENGTH) {
            throw new IllegalArgumentException("MAC address needs 6 bytes, got " + bytes.length);
        }
        return of(bytes, 0);
    }

    /** Parses the colon form, e.g. {@code 02:77:00:00:00:0b} (hex digits in either case). */
    public static MacAddress parse(String text) {
        if (text.length() != 17) {
            throw new IllegalArgumentException("Not a MAC address: " + text);
        }
        long v = 0;
        for (int i = 0; i < LENGTH; i++) {
            int p = i * 3;
            if (i > 0 && text.charAt(p - 1) != ':') {
                throw new IllegalArgumentException("Not a MAC address: " + text);
            }
            int hi = Character.digit(text.charAt(p), 16);
            int lo = Character.digit(text.charAt(p + 1), 16);
            if (hi < 0 || lo < 0) {
                throw new IllegalArgumentException("Not a MAC address: " + text);
            }
            v = (v << 8) | (hi << 4) | lo;
        }
        return new MacAddress(v);
    }

    /** The virtual router MAC of RFC 5798 7.3: 00:00:5e:00:01:VRID (IPv4) or 00:00:5e:00:02:VRID (IPv6). */
    public static MacAddress virtualRouterMac(int vrid, boolean ipv6) {
        if (vrid < 1 || vrid > 255) {
            throw new IllegalArgumentException("VRID must be 1..255, got " + vrid);
        }
        return new MacAddress(0x0000_5e00_0000L | (ipv6 ? 0x0200 : 0x0100) | vrid);
    }

    /** 01:00:5e + the low 23 bits of the group (RFC 1112 6.4). Does not check that it is a group address. */
    public static MacAddress ipv4Multicast(Inet4Address group) {
        byte[] a = group.getAddress();
        return new MacAddress(0x0100_5e00_0000L
                | ((a[1] & 0x7fL) << 16) | ((a[2] & 0xffL) << 8) | (a[3] & 0xffL));
    }

    /** 33:33 + the low 32 bits of the group (RFC 2464 7). Does not check that it is a group address. */
    public static MacAddress ipv6Multicast(Inet6Address group) {
        byte[] a = group.getAddress();
        long low = ((a[12] & 0xffL) << 24) | ((a[13] & 0xffL) << 16) | ((a[14] & 0xffL) << 8) | (a[15] & 0xffL);
        return new MacAddress(0x3333_0000_0000L | low);
    }

    /** Writes the six bytes at {@code off}. */
    public void writeTo(byte[] out, int off) {
        Objects.checkFromIndexSize(off, LENGTH, out.length);
        for (int i = 0; i < LENGTH; i++) {
            out[off + i] = (byte) (value >>> (8 * (LENGTH - 1 - i)));
        }
    }

    public byte[] toByteArray() {
        byte[] b = new byte[LENGTH];
        writeTo(b, 0);
        return b;
    }

    /** The I/G bit: group (multicast or broadcast) rather than an individual station. */
    public boolean isMulticast() {
        return (value & 0x0100_0000_0000L) != 0;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MacAddress other && other.value == value;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(value);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(17);
        for (int i = LENGTH - 1; i >= 0; i--) {
            int b = (int) (value >>> (8 * i)) & 0xff;
            sb.append(Character.forDigit(b >>> 4, 16)).append(Character.forDigit(b & 0xf, 16));
            if (i > 0) {
                sb.append(':');
            }
        }
        return sb.toString();
    }
}
