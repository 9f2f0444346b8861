package org.vireo.srv;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server address as a client profile holds it: an IP literal (IPv4, IPv6 bare or in brackets), with or without a
 * port, which is used as it is, with no DNS; or a host name, with or without a port, which the resolver looks up.
 *
 * @param literal the address when the text is an IP literal; empty for a name
 * @param name    the host name (lower case, no trailing dot) when the text is one; empty for a literal
 * @param port    the port the text names; empty: the service's default
 */
public record ServerAddress(Optional<InetAddress> literal, Optional<String> name, OptionalInt port) {

    private static final Pattern BRACKETED = Pattern.compile("\\[([0-9A-Fa-f:.]+)](?::(\\d{1,5}))?");
    private static final Pattern IPV4 = Pattern.compile("(\\d{1,3}(?:\\.\\d{1,3}){3})(?::(\\d{1,5}))?");
    private static final Pattern BARE_IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");
    private static final Pattern NAME = Pattern.compile(
        "((?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?\\.)*[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,61}[A-Za-z0-9])?)\\.?"
            + "(?::(\\d{1,5}))?");

    /** Whether no DNS is involved. */
    public boolean isLiteral() {
        return literal.isPresent();
    }

    /**
     * Reads a server address.
     *
     * @throws IllegalArgumentException naming the text and what is accepted
     */
    public static ServerAddress parse(String text) {
        String t = text.strip();
        String expected = "expected an IPv4 address, an IPv6 address (in brackets when a port follows) or a host"
            + " name, each optionally followed by :<port 1-65535>";
        Matcher m = BRACKETED.matcher(t);
        if (m.matches()) {
            return new ServerAddress(Optional.of(ipv6(m.group(1), text, expected)), Optional.empty(),
                port(m.group(2), text, expected));
        }
        if (BARE_IPV6.matcher(t).matches()) {
            return new ServerAddress(Optional.of(ipv6(t, text, expected)), Optional.empty(), OptionalInt.empty());
        }
        m = IPV4.matcher(t);
        if (m.matches()) {
            for (String octet : m.group(1).split("\\.")) {
                if (Integer.parseInt(octet) > 255) {
                    throw new IllegalArgumentException("'" + text + "': " + octet + " is not an IPv4 octet (0-255); "
                        + expected);
                }
            }
            return new ServerAddress(Optional.of(address(m.group(1))), Optional.empty(),
                port(m.group(2), text, expected));
        }
        m = NAME.matcher(t);
        if (m.matches() && m.group(1).length() <= 253) {
            return new ServerAddress(Optional.empty(), Optional.of(m.group(1).toLowerCase(java.util.Locale.ROOT)),
                port(m.group(2), text, expected));
        }
        throw new IllegalArgumentException("'" + text + "': " + expected);
    }

    private static InetAddress ipv6(String literal, String text, String expected) {
        if (!literal.contains(":")) {
            throw new IllegalArgumentException("'" + text + "': brackets hold an IPv6 address; " + expected);
        }
        try {
            return InetAddress.getByName(literal); // a literal with ':' is parsed, never looked up
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("'" + text + "': '" + literal + "' is not an IPv6 address; " + expected);
        }
    }

    private static InetAddress address(String dotted) {
        try {
            return InetAddress.getByName(dotted); // dotted quad: parsed, never looked up
        } catch (UnknownHostException e) {
            throw new IllegalStateException(dotted, e);
        }
    }

    private static OptionalInt port(String digits, String text, String expected) {
        if (digits == null) {
            return OptionalInt.empty();
        }
        int p = Integer.parseInt(digits);
        if (p < 1 || p > 65_535) {
            throw new IllegalArgumentException("'" + text + "': port " + p + " is out of range; " + expected);
        }
        return OptionalInt.of(p);
    }
}
