package org.vireo.scanner.internal.ftp;

import java.net.InetAddress;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Where a client asks the proxy to log it in, from its {@code USER name@host[:port]}: the user name for the origin
 * server, and the server. The last {@code @} separates them, as user names may have their own ({@code
 * me@example.org@ftp.example.org}); an IPv6 address is written in brackets ({@code name@[2001:db8::1]:2121}). The
 * host is a DNS name or an IP literal, nothing that could be read another way; whether the proxy may connect to it is
 * not decided here.
 *
 * @param host a lower-case DNS name without its trailing dot, or an IP literal (IPv6 without brackets, compressed)
 */
record ProxyLogin(String user, String host, int port) {

    static final int DEFAULT_PORT = 21;

    private static final String FORM = "log in as USER name@host[:port] (an IPv6 address in brackets:"
        + " name@[2001:db8::1]:21)";
    /** RFC 1123's letters, digits and hyphens, and underscores, which DNS itself allows and intranets use. */
    private static final Pattern LABEL = Pattern.compile("[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?");

    /** The login of a USER argument; refused with 530 without a host, with 501 for a malformed one. */
    static ProxyLogin parse(String argument) throws FtpRefusal {
        if (!FtpText.isLine(argument)) {
            throw refused("a NUL, CR or LF");
        }
        int at = argument.lastIndexOf('@');
        if (at < 0) {
            throw new FtpRefusal(530, "Not logged in: name the server to reach, " + FORM);
        }
        String user = argument.substring(0, at);
        String server = argument.substring(at + 1);
        if (user.isEmpty()) {
            throw refused("no user name before the @");
        }
        if (server.startsWith("[")) {
            int close = server.indexOf(']');
            InetAddress literal = close < 0 ? null : Literals.ipv6(server.substring(1, close));
            if (literal == null) {
                throw refused("no IPv6 address in the brackets");
            }
            return new ProxyLogin(user, Literals.text(literal), port(server.substring(close + 1)));
        }
        int colon = server.indexOf(':');
        if (colon >= 0 && server.indexOf(':', colon + 1) >= 0) {
            throw refused("an IPv6 address without brackets");
        }
        String host = colon < 0 ? server : server.substring(0, colon);
        return new ProxyLogin(user, hostName(host), port(colon < 0 ? "" : server.substring(colon)));
    }

    /** {@code host[:port]} as the user would write it: an IPv6 address in brackets, the port unless it is 21. */
    String authority() {
        String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return port == DEFAULT_PORT ? h : h + ":" + port;
    }

    /** What follows the host: nothing, or a colon and a port. */
    private static int port(String rest) throws FtpRefusal {
        if (rest.isEmpty()) {
            return DEFAULT_PORT;
        }
        int port = rest.charAt(0) == ':' ? Literals.port(rest.substring(1)) : -1;
        if (port < 0) {
            throw refused("the port is not a number 1-65535");
        }
        return port;
    }

    /**
     * A DNS name or an IPv4 literal. A name whose last label begins with a digit must be a dotted-decimal address:
     * no top-level domain does, and resolvers read {@code 2130706433}, {@code 0x7f.1} or {@code 127.1} as
     * 127.0.0.1.
     */
    private static String hostName(String host) throws FtpRefusal {
        String name = (host.endsWith(".") ? host.substring(0, host.length() - 1) : host).toLowerCase(Locale.ROOT);
        if (name.isEmpty()) {
            throw refused("no host after the @");
        }
        String last = name.substring(name.lastIndexOf('.') + 1);
        boolean numeric = !last.isEmpty() && FtpReply.isDigit(last.charAt(0));
        if (numeric ? Literals.ipv4(name) == null : !isDnsName(name)) {
            throw refused("the host '" + (name.length() > 80 ? name.substring(0, 80) + "..." : name) + "' is not a DNS"
                + " name or an IP address");
        }
        return name;
    }

    private static boolean isDnsName(String name) {
        if (name.length() > 253) {
            return false;
        }
        for (String label : name.split("\\.", -1)) {
            if (!LABEL.matcher(label).matches()) {
                return false;
            }
        }
        return true;
    }

    private static FtpRefusal refused(String what) {
        return new FtpRefusal(501, "Syntax error in parameters: " + what + "; " + FORM);
    }
}
