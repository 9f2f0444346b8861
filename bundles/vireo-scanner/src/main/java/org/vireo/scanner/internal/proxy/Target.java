package org.vireo.scanner.internal.proxy;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Where a request goes: from an absolute-form URI ({@code http://host:port/path?q}) or a CONNECT authority
 * ({@code host:port}).
 *
 * @param pathAndQuery the origin-form request target to send to the origin ({@code /path?q}); empty for CONNECT
 */
record Target(String host, int port, String pathAndQuery, String url) {

    private static final String OCTET = "(?:0|[1-9][0-9]?|1[0-9]{2}|2[0-4][0-9]|25[0-5])";
    private static final Pattern CANONICAL_IPV4 = Pattern.compile(OCTET + "\\." + OCTET + "\\." + OCTET + "\\."
        + OCTET);

    /**
     * The target of an absolute-form http URI, or null when the URI is not one (origin-form, other scheme), or has
     * userinfo (RFC 9110 section 4.2.4: a recipient treats it as an error) or a fragment (not part of a request
     * target, RFC 9112 section 3.2).
     */
    static Target absolute(String uri) {
        URI parsed;
        try {
            parsed = new URI(uri);
        } catch (URISyntaxException e) {
            return null;
        }
        if (!"http".equalsIgnoreCase(parsed.getScheme()) || parsed.getRawAuthority() == null
            || parsed.getHost() == null || parsed.getRawUserInfo() != null || parsed.getRawFragment() != null) {
            return null;
        }
        if (parsed.getPort() > 65_535) {
            return null; // java.net.URI takes any digits; a socket address would throw (found by RequestPathFuzzTest)
        }
        String host = host(parsed.getHost());
        int port = parsed.getPort() < 0 ? 80 : parsed.getPort();
        String path = parsed.getRawPath() == null || parsed.getRawPath().isEmpty() ? "/" : parsed.getRawPath();
        String query = parsed.getRawQuery() == null ? "" : "?" + parsed.getRawQuery();
        String authority = (host.contains(":") ? "[" + host + "]" : host) + (port == 80 ? "" : ":" + port);
        return new Target(host, port, path + query, "http://" + authority + path + query);
    }

    /** The target of a CONNECT authority {@code host:port}, or null when it is not one. */
    static Target authority(String uri) {
        URI parsed;
        try {
            parsed = new URI("tunnel://" + uri);
        } catch (URISyntaxException e) {
            return null;
        }
        if (parsed.getHost() == null || parsed.getPort() < 1 || parsed.getPort() > 65_535
            || parsed.getRawUserInfo() != null
            || parsed.getRawPath() != null && !parsed.getRawPath().isEmpty() || parsed.getRawQuery() != null) {
            return null;
        }
        String host = host(parsed.getHost());
        return new Target(host, parsed.getPort(), "", (host.contains(":") ? "[" + host + "]" : host) + ":"
            + parsed.getPort());
    }

    /**
     * Why the host is refused although the URI parsed, or {@code null}: a host that ends in a number (its last label
     * all digits, or 0x and hex digits) is an IPv4 address to browsers and to the C library's resolver, which read
     * {@code 2130706433}, {@code 0x7f.1}, {@code 017700000001} and {@code 127.1} as 127.0.0.1 (and {@code 0177.0.0.1}
     * as 127.0.0.1 where Java reads 177.0.0.1); only the one unambiguous spelling, four decimal numbers 0-255 without
     * leading zeros, is taken (browsers send no other, as they normalise the rest). IPv6 literals are addresses
     * whatever their spelling and are checked as such.
     */
    String hostProblem() {
        if (host.indexOf(':') >= 0 || !endsInANumber(host) || CANONICAL_IPV4.matcher(host).matches()) {
            return null;
        }
        return "the host '" + (host.length() > 80 ? host.substring(0, 80) + "..." : host) + "' is a number but not"
            + " an IPv4 address in dotted-decimal form: expected a host name or four decimal numbers 0-255 without"
            + " leading zeros (such as 192.0.2.1)";
    }

    private static boolean endsInANumber(String host) {
        String last = host.substring(host.lastIndexOf('.') + 1);
        return !last.isEmpty() && (last.chars().allMatch(c -> c >= '0' && c <= '9') || last.length() >= 2
            && last.charAt(0) == '0' && (last.charAt(1) | 0x20) == 'x'
            && last.substring(2).chars().allMatch(c -> Character.digit(c, 16) >= 0));
    }

    /** The Host header value for the origin. */
    String hostHeader() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return port == 80 ? h : h + ":" + port;
    }

    private static String host(String raw) {
        String h = raw.startsWith("[") && raw.endsWith("]") ? raw.substring(1, raw.length() - 1) : raw;
        h = h.toLowerCase(Locale.ROOT);
        return h.endsWith(".") ? h.substring(0, h.length() - 1) : h;
    }
}
