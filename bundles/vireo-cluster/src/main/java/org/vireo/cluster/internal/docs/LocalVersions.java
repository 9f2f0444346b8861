package org.vireo.cluster.internal.docs;

import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The versions of node-local documents, which config sync does not version: {@code local:<hex>}, an HMAC-SHA256 of
 * the content under a key made at each start. Any change of the content changes it; unlike a plain digest it tells
 * nothing of a password in a short configuration (a digest of one could be tried against guesses). A restart makes
 * new versions: a write based on one read before it is refused as stale, and read again.
 */
public final class LocalVersions {

    public static final String PREFIX = "local:";
    private static final String HMAC = "HmacSHA256";

    private final SecretKeySpec key;

    public LocalVersions(byte[] key) {
        this.key = new SecretKeySpec(key.clone(), HMAC);
    }

    /** Versions under a random key of this start. */
    public static LocalVersions random() {
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        return new LocalVersions(key);
    }

    public String of(byte[] content) {
        try {
            Mac mac = Mac.getInstance(HMAC);
            mac.init(key);
            return PREFIX + HexFormat.of().formatHex(mac.doFinal(content));
        } catch (NoSuchAlgorithmException | InvalidKeyException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java platform", e);
        }
    }
}
