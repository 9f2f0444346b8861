package org.vireo.rules.internal;

/** The one spelling of a domain name that lists and rules accept, and the host names requests are matched with. */
final class DomainNames {

    static final String ACCEPTED = "expected a domain name such as example.com (itself and every subdomain), "
        + "=example.com (only itself) or .example.com (same as example.com): letters, digits, '-' and '_' "
        + "in labels of 1-63 characters, at most 253 in all";

    private DomainNames() {
    }

    /**
     * Checks the name in {@code bytes[start, end)} (without its {@code =} or leading {@code .}) and lower-cases it in
     * place; a trailing dot is the caller's to drop.
     *
     * @return {@code null} when it is a name, else why not
     */
    static String check(byte[] bytes, int start, int end) {
        if (end == start) {
            return "empty name";
        }
        if (end - start > 253) {
            return "name of " + (end - start) + " characters";
        }
        int labelStart = start;
        boolean allDigits = true;
        for (int i = start; i <= end; i++) {
            if (i == end || bytes[i] == '.') {
                if (i == labelStart) {
                    return "empty label";
                }
                if (i - labelStart > 63) {
                    return "label of " + (i - labelStart) + " characters";
                }
                labelStart = i + 1;
                continue;
            }
            byte b = bytes[i];
            if (b >= 'A' && b <= 'Z') {
                bytes[i] = (byte) (b + ('a' - 'A'));
            } else if (!(b >= 'a' && b <= 'z' || b >= '0' && b <= '9' || b == '-' || b == '_')) {
                return b == '*' ? "wildcard '*'" : b == ':' ? "address or port (':')" : "character '"
                    + (b >= 0x20 && b < 0x7f ? String.valueOf((char) b) : String.format("\\x%02x", b & 0xff)) + "'";
            }
            allDigits &= b >= '0' && b <= '9';
        }
        // the last label of a name is never all digits; an IPv4 literal never matches a domain condition
        return allDigits || lastLabelDigits(bytes, start, end) ? "an IPv4 address, not a name" : null;
    }

    private static boolean lastLabelDigits(byte[] bytes, int start, int end) {
        for (int i = end - 1; i >= start && bytes[i] != '.'; i--) {
            if (bytes[i] < '0' || bytes[i] > '9') {
                return false;
            }
        }
        return true;
    }

    /**
     * The request's host as domain conditions compare it: lower case, without a trailing dot; {@code null} for an
     * address literal (IPv4, IPv6 with or without brackets), which no domain condition matches.
     */
    static String ofHost(String host) {
        if (host == null || host.isEmpty() || host.indexOf(':') >= 0 || host.charAt(0) == '[') {
            return null;
        }
        String name = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
        int lastDot = name.lastIndexOf('.');
        boolean numericTld = lastDot < name.length() - 1;
        for (int i = lastDot + 1; i < name.length() && numericTld; i++) {
            numericTld = Character.isDigit(name.charAt(i));
        }
        if (numericTld || name.isEmpty()) {
            return null; // 10.1.2.3 and the odd forms resolvers accept (10.258): never names
        }
        return name.toLowerCase(java.util.Locale.ROOT);
    }
}
