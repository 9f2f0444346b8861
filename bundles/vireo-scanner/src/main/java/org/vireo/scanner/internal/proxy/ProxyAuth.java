package org.vireo.scanner.internal.proxy;

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
        if (proxyAuthorization == null || !proxyAuthorization.regionMatches(true, 0, "Basic ", 0, 6)) {
            return false;
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(proxyAuthorization.substring(6).trim()),
                StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return false;
        }
        int colon = decoded.indexOf(':');
        return colon >= 0 && admits(decoded.substring(0, colon), decoded.substring(colon + 1));
    }

    /** Whether this user and password are one of the proxy's users (the FTP proxy's own login asks). */
    boolean admits(String user, String password) {
        String expected = users.get(user);
        return expected != null && MessageDigest.isEqual(sha256(password), HexFormat.of().parseHex(expected));
    }

    static byte[] sha256(String password) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(password.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
