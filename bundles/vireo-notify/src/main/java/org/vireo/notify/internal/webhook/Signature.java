package org.vireo.notify.internal.webhook;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code X-Vireo-Signature} header's value: {@code sha256=} and the hex HMAC-SHA256, keyed by the shared secret,
 * of {@code <X-Vireo-Timestamp>.<body>}. The time stamp is signed with the body so that a receiver can refuse an old
 * post replayed (the same scheme as Stripe's and Slack's).
 */
final class Signature {

    static final String HEADER = "X-Vireo-Signature";
    static final String TIMESTAMP_HEADER = "X-Vireo-Timestamp";

    private Signature() {
    }

    static String of(String secret, long timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((timestamp + ".").getBytes(StandardCharsets.US_ASCII));
            return "sha256=" + HexFormat.of().formatHex(mac.doFinal(body));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("no HmacSHA256 in this JVM", e);
        }
    }
}
