package org.vireo.scanner.internal.proxy;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

import org.vireo.scanner.internal.policy.Admission;

/**
 * Where a request goes: from an absolute-form URI ({@code http://host:port/path?q}) or a CONNECT authority
 * ({@code host:port}).
 *
 * @param pathAndQuery the origin-form request target to send to the origin ({@code /path?q}); empty for CONNECT
 */
record Target(String host, int port, String pathAndQuery, String url) {

    /**
     * The target of an absolute-form http URI, or null when the URI is not one (origin-form, other scheme), or has
     * userinfo (RFC 9110 section 4.2.4: a recipient treats it as an error) or a fragment (not part of a request
     * target, RFC 9112 section 3.2).
     */
    static Target absolute(String uri) {
        URI parsed = uri(uri);
        if (parsed == null || !"http".equalsIgnoreCase(parsed.getScheme()) || parsed.getRawAuthority() == null
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
        URI parsed = uri("tunnel://" + uri);
        if (parsed == null || parsed.getHost() == null || parsed.getPort() < 1 || parsed.getPort() > 65_535
            || parsed.getRawUserInfo() != null
            || parsed.getRawPath() != null && !parsed.getRawPath().isEmpty() || parsed.getRawQuery() != null) {
            return null;
        }
        String host = host(parsed.getHost());
        return new Target(host, parsed.getPort(), "", (host.contains(":") ? "[" + host + "]" : host) + ":"
            + parsed.getPort());
    }

    /** The URI, or null when it is none. */
    static URI uri(String text) {
        try {
            return new URI(text);
        } catch (URISyntaxException e) {
            return null;
        }
    }

    /** Why the host is refused although the URI parsed, or {@code null}: {@link Admission#hostProblem}. */
    String hostProblem() {
        return Admission.hostProblem(host);
    }

    /** The Host header value for the origin. */
    String hostHeader() {
        String h = host.contains(":") ? "[" + host + "]" : host;
        return port == 80 ? h : h + ":" + port;
    }

    /** A URI's host as the rules see it: without brackets, lower case, without a trailing dot. */
    static String host(String raw) {
        String h = raw.startsWith("[") && raw.endsWith("]") ? raw.substring(1, raw.length() - 1) : raw;
        h = h.toLowerCase(Locale.ROOT);
        return h.endsWith(".") ? h.substring(0, h.length() - 1) : h;
    }
}
