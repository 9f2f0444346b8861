package org.vireo.rules;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;

import org.vireo.config.AddressText;

/**
 * An IPv4 or IPv6 network: its first address and prefix length. An address of the other family is never in it
 * (an IPv4-mapped IPv6 address reaches here as the IPv4 address: {@link InetAddress} turns it into one). Immutable.
 */
public final class Network {

    private final byte[] bytes;
    private final int prefixLength;

    /**
     * @param bytes        4 or 16 bytes, no bit set beyond the prefix (the caller has checked)
     * @param prefixLength 0-32 or 0-128
     */
    public Network(byte[] bytes, int prefixLength) {
        this.bytes = bytes.clone();
        this.prefixLength = prefixLength;
    }

    /** A network written as a literal in the code ({@code 127.0.0.0/8}, {@code ::1}): never a DNS lookup. */
    public static Network of(String text) {
        int slash = text.indexOf('/');
        String address = slash < 0 ? text : text.substring(0, slash);
        if (address.isEmpty() || !(Character.digit(address.charAt(0), 16) >= 0 || address.charAt(0) == ':')) {
            throw new IllegalArgumentException("not an address literal: " + text);
        }
        try {
            byte[] bytes = InetAddress.getByName(address).getAddress();
            return new Network(bytes, slash < 0 ? bytes.length * 8 : Integer.parseInt(text.substring(slash + 1)));
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not an address literal: " + text, e);
        }
    }

    /** The one address as a network ({@code /32} or {@code /128}). */
    public static Network of(InetAddress address) {
        byte[] bytes = address.getAddress();
        return new Network(bytes, bytes.length * 8);
    }

    public int prefixLength() {
        return prefixLength;
    }

    public boolean contains(InetAddress address) {
        return contains(address.getAddress());
    }

    /** Whether every address of {@code other} is in this network. */
    public boolean contains(Network other) {
        return other.bytes.length == bytes.length && other.prefixLength >= prefixLength && contains(other.bytes);
    }

    private boolean contains(byte[] address) {
        if (address.length != bytes.length) {
            return false;
        }
        int whole = prefixLength / 8;
        for (int i = 0; i < whole; i++) {
            if (address[i] != bytes[i]) {
                return false;
            }
        }
        int rest = prefixLength % 8;
        if (rest == 0) {
            return true;
        }
        int mask = 0xff << (8 - rest) & 0xff;
        return (address[whole] & mask) == (bytes[whole] & mask);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Network n && n.prefixLength == prefixLength && Arrays.equals(n.bytes, bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes) * 31 + prefixLength;
    }

    /** {@code 10.1.0.0/16}, {@code 2001:db8::/32}. */
    @Override
    public String toString() {
        return AddressText.of(bytes) + "/" + prefixLength;
    }

    /** An address as written in rules and messages: dotted quad, or IPv6 in RFC 5952's form. */
    public static String literal(InetAddress address) {
        return AddressText.of(address);
    }
}
