package org.vireo.scanner.internal.proxy;

import java.net.URI;
import java.nio.charset.StandardCharsets;

import org.vireo.scanner.internal.ftp.FtpFetch;
import org.vireo.scanner.internal.ftp.FtpPaths;
import org.vireo.scanner.internal.ftp.FtpText;

/**
 * An {@code ftp://[user[:password]@]host[:port]/path[;type=a|i|d]} request target (RFC 1738 section 3.2), which the
 * proxy fetches over FTP for a GET or HEAD. Its path is percent-decoded to the server's bytes ({@linkplain FtpText
 * bytes as chars}) and normalised ({@code .}, {@code ..}, {@code //}) before the rules see it, so that they see what
 * the native FTP proxy's rules see for the same file, {@code ftp://host[:port]/path}: no user, no password, no type.
 *
 * @param target   the host, the port, and that URL (a directory's path ends in {@code /})
 * @param user     the URL's user name, or null
 * @param password the URL's password, or null
 * @param path     the normalised path, absolute from the login directory; a directory's ends in {@code /}
 */
record FtpUrl(Target target, String user, String password, String path, FtpFetch.Type type) {

    static final int DEFAULT_PORT = 21;
    static final String ANONYMOUS = "anonymous";
    /** An anonymous login's password is by custom an e-mail address; servers check no more than its form. */
    static final String ANONYMOUS_PASSWORD = "vireo@";
    private static final String TYPE = ";type=";

    /**
     * The ftp URL of a request target, or null when it is none (another scheme, no host, a query or fragment, a port
     * out of range, a bad escape, or a CR, LF or NUL in its path or userinfo once decoded).
     */
    static FtpUrl parse(String uri) {
        URI parsed = Target.uri(uri);
        if (parsed == null || !"ftp".equalsIgnoreCase(parsed.getScheme()) || parsed.getRawAuthority() == null
            || parsed.getHost() == null || parsed.getRawQuery() != null || parsed.getRawFragment() != null
            || parsed.getPort() == 0 || parsed.getPort() > 65_535) {
            return null;
        }
        String rawPath = parsed.getRawPath() == null ? "" : parsed.getRawPath();
        int typeAt = rawPath.length() - TYPE.length() - 1;
        boolean typed = typeAt >= 0 && rawPath.regionMatches(true, typeAt, TYPE, 0, TYPE.length());
        FtpFetch.Type type = typed ? type(rawPath.charAt(rawPath.length() - 1)) : FtpFetch.Type.BINARY;
        if (type == null) {
            return null;
        }
        String decodedPath = decoded(typed ? rawPath.substring(0, typeAt) : rawPath);
        String[] userinfo = parsed.getRawUserInfo() == null ? new String[0] : parsed.getRawUserInfo().split(":", 2);
        String user = userinfo.length > 0 ? decoded(userinfo[0]) : null;
        String password = userinfo.length > 1 ? decoded(userinfo[1]) : null;
        if (decodedPath == null || userinfo.length > 0 && (user == null || user.isEmpty())
            || userinfo.length > 1 && password == null) {
            return null;
        }
        boolean directory = decodedPath.isEmpty() || decodedPath.endsWith("/") || type == FtpFetch.Type.NAMES;
        String path = FtpPaths.resolve("/", decodedPath);
        path = directory && !path.equals("/") ? path + "/" : path;
        String host = Target.host(parsed.getHost());
        int port = parsed.getPort() < 0 ? DEFAULT_PORT : parsed.getPort();
        Target target = new Target(host, port, path, "ftp://" + authority(host, port) + path);
        return new FtpUrl(target, user, password, path, type);
    }

    /** The type of a {@code ;type=} code, or null for none of RFC 1738's. */
    private static FtpFetch.Type type(char code) {
        return switch (Character.toLowerCase(code)) {
            case 'i' -> FtpFetch.Type.BINARY;
            case 'a' -> FtpFetch.Type.ASCII;
            case 'd' -> FtpFetch.Type.NAMES;
            default -> null;
        };
    }

    /** Percent escapes to their bytes, other chars to their UTF-8 bytes, as chars; null for a bad escape or line. */
    private static String decoded(String raw) {
        StringBuilder out = new StringBuilder(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                int value = i + 2 < raw.length() ? hex(raw.charAt(i + 1)) << 4 | hex(raw.charAt(i + 2)) : -1;
                if (value < 0) {
                    return null;
                }
                out.append((char) value);
                i += 2;
            } else if (c < 0x80) {
                out.append(c);
            } else {
                out.append(new String(String.valueOf(c).getBytes(StandardCharsets.UTF_8), StandardCharsets.ISO_8859_1));
            }
        }
        String text = out.toString();
        return FtpText.isLine(text) ? text : null;
    }

    /** A hex digit's value, or a negative number (negative still when shifted and or-ed with another). */
    private static int hex(char c) {
        int digit = Character.digit(c, 16);
        return digit < 0 ? Integer.MIN_VALUE : digit;
    }

    /** {@code host[:port]}: an IPv6 address in brackets, no port when it is 21. */
    String authority() {
        return authority(target.host(), target.port());
    }

    private static String authority(String host, int port) {
        String h = host.indexOf(':') >= 0 ? "[" + host + "]" : host;
        return port == DEFAULT_PORT ? h : h + ":" + port;
    }

    /**
     * The login for the server: the URL's user, else the Basic {@code Authorization} header's (the FTP server's own
     * credentials, as Squid takes them), else anonymous; the password likewise, the header's going with the URL's
     * user when the URL has none. A header whose text cannot be an FTP line is not taken.
     */
    ProxyAuth.Credentials login(String authorization) {
        ProxyAuth.Credentials basic = ProxyAuth.basic(authorization, StandardCharsets.ISO_8859_1);
        if (basic != null && (basic.user().isEmpty() || !FtpText.isLine(basic.user())
            || !FtpText.isLine(basic.password()))) {
            basic = null;
        }
        return new ProxyAuth.Credentials(user != null ? user : basic != null ? basic.user() : ANONYMOUS,
            password != null ? password : basic != null ? basic.password() : ANONYMOUS_PASSWORD);
    }

    /** The path as a directory's, ending in {@code /}: a URL may name one without it. */
    String directory() {
        return path.endsWith("/") ? path : path + "/";
    }

    /** What to fetch, with {@code login}; without the data for a HEAD. */
    FtpFetch.Request request(ProxyAuth.Credentials login, boolean body) {
        return new FtpFetch.Request(login.user(), login.password(), path.substring(1), type, body);
    }

    /** The URL as the access log names it: with the user who logged in, never a password. */
    String logged(String loginUser) {
        return "ftp://" + loginUser + "@" + authority() + path;
    }
}
