package org.vireo.scanner.internal.ftp;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

import io.netty.util.NetUtil;

import org.vireo.scanner.internal.policy.Admission;

/**
 * IP addresses and TCP ports as FTP writes them, read as literals: nothing here asks DNS, so that a line from a
 * client or a server cannot make the proxy look a name up.
 */
final class Literals {

    /** No brackets and no zone ({@code %eth0}): Netty's reader would drop them silently. */
    private static final Pattern IPV6_CHARS = Pattern.compile("[0-9A-Fa-f:.]{2,45}");

    private Literals() {
    }

    /** The address of a dotted-decimal IPv4 literal in {@link Admission#canonicalIpv4}'s spelling, or null. */
    static InetAddress ipv4(String text) {
        return Admission.canonicalIpv4(text) ? address(NetUtil.createByteArrayFromIpAddressString(text)) : null;
    }

    /** The address of an IPv6 literal without brackets or zone, or null; an IPv4-mapped one is an IPv4 address. */
    static InetAddress ipv6(String text) {
        return IPV6_CHARS.matcher(text).matches() && NetUtil.isValidIpV6Address(text)
            ? address(NetUtil.createByteArrayFromIpAddressString(text)) : null;
    }

    /** A TCP port of one to five decimal digits, 1-65535 (0 is no port to connect to), or -1. */
    static int port(String text) {
        if (text.isEmpty() || text.length() > 5 || !text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return -1;
        }
        int port = Integer.parseInt(text);
        return port >= 1 && port <= 65_535 ? port : -1;
    }

    /** The literal of an address: dotted decimal, or RFC 5952's compressed IPv6 form. */
    static String text(InetAddress address) {
        return NetUtil.toAddressString(address);
    }

    private static InetAddress address(byte[] bytes) {
        try {
            return bytes == null ? null : InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            return null; // only for a length other than 4 or 16, which Netty never returns
        }
    }
}
