package org.vireo.scanner.internal.proxy;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Map;

/** Proxy Basic authentication against a map of user to SHA-256 of the password; an empty map admits everyone. */
final class ProxyAuth {

    static final String CHALLENGE = "Basic realm=\"Vireo\"";

    private final Map<String, String> users;

    ProxyAuth(Map<String, String> users) {
        this.users = users;
    }

    boolean required() {
        return !users.isEmpty();
    }

    /** Whether a Proxy-Authorization value (or null) admits the request. */
    boolean admits(String proxyAuthorization) {
        if (users.isEmpty()) {
            return true;
        }
        Credentials given = basic(proxyAuthorization, StandardCharsets.UTF_8);
        return given != null && admits(given.user(), given.password());
    }

    /** Whether this user and password are one of the proxy's users (the FTP proxy's own login asks). */
    boolean admits(String user, String password) {
        String expected = users.get(user);
        return expected != null && MessageDigest.isEqual(sha256(password), HexFormat.of().parseHex(expected));
    }

    /** A user and password, as Basic authentication gives them (RFC 7617). */
    record Credentials(String user, String password) {
    }

    /**
     * The credentials of an {@code Authorization} or {@code Proxy-Authorization} value (or null), their bytes read in
     * {@code charset}; null when it is not Basic, not base64 or has no colon.
     */
    static Credentials basic(String authorization, Charset charset) {
        if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return null;
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(authorization.substring(6).trim()), charset);
        } catch (IllegalArgumentException e) {
            return null;
        }
        int colon = decoded.indexOf(':');
        return colon < 0 ? null : new Credentials(decoded.substring(0, colon), decoded.substring(colon + 1));
    }

    static byte[] sha256(String password) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(password.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
