package org.vireo.settings;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * IP literals in configuration values, read without a name lookup: a parser that may be handed any text (a value
 * from a peer, a garbled file) must never ask DNS.
 */
final class AddressLiterals {

    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    /** Hex digits, colons and dots with at least one colon: InetAddress reads it as IPv6 without a lookup. */
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");

    private AddressLiterals() {
    }

    /** The address {@code text} spells (IPv4, or IPv6 bare or in brackets), or empty when it is not one. */
    static Optional<InetAddress> parse(String text) {
        String t = text.strip();
        String bare = t.startsWith("[") && t.endsWith("]") ? t.substring(1, t.length() - 1) : t;
        boolean v4 = bare == t && IPV4.matcher(t).matches();
        if (!(v4 || IPV6.matcher(bare).matches())) {
            return Optional.empty();
        }
        if (v4 && !octets(t)) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(bare));
        } catch (UnknownHostException e) {
            return Optional.empty();
        }
    }

    private static boolean octets(String dotted) {
        for (String octet : dotted.split("\\.")) {
            if (Integer.parseInt(octet) > 255) {
                return false;
            }
        }
        return true;
    }
}
