package org.vireo.notify.snmp;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * An SNMP engine ID (RFC 3411 5, SnmpEngineID). An SNMPv3 trap's sender is the authoritative engine: the receiver
 * (snmptrapd's {@code createUser -e 0x<id>}) must know its ID beforehand, so a node's is derived from its name, the
 * same at every start: {@code 80 00 7e d9} (RFC 3411's enterprise form, with 32473, the enterprise number RFC 5612
 * keeps for examples), {@code 05} (octets of the enterprise's choice), then 12 bytes of SHA-256 of the name.
 */
public record EngineId(byte[] bytes) {

    private static final byte[] PREFIX = {(byte) 0x80, 0x00, 0x7e, (byte) 0xd9, 0x05};
    private static final int DERIVED_BYTES = 12;
    private static final Pattern HEX = Pattern.compile("(0x)?([0-9a-fA-F]{2}){5,32}");
    /** Where the boots count starts: RFC 3414's engineBoots only has to grow from one start to the next. */
    private static final Instant BOOTS_EPOCH = Instant.parse("2020-01-01T00:00:00Z");

    public EngineId {
        bytes = bytes.clone();
    }

    @Override
    public byte[] bytes() {
        return bytes.clone();
    }

    /** The engine ID of the node named {@code nodeName}. */
    public static EngineId derived(String nodeName) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(("vireo:" + nodeName)
                .getBytes(StandardCharsets.UTF_8));
            byte[] id = Arrays.copyOf(PREFIX, PREFIX.length + DERIVED_BYTES);
            System.arraycopy(hash, 0, id, PREFIX.length, DERIVED_BYTES);
            return new EngineId(id);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JVM has no SHA-256", e);
        }
    }

    /**
     * A configured engine ID ({@code 0x800007e5...} or without {@code 0x}), 5-32 bytes in hex; empty text: the one
     * derived from {@code nodeName}. A bad one is told to {@code errors} under {@code key}.
     */
    public static EngineId configured(String key, String text, String nodeName, List<String> errors) {
        if (text.isEmpty()) {
            return derived(nodeName);
        }
        if (!HEX.matcher(text).matches()) {
            errors.add(key + " = '" + text + "': expected 5-32 bytes in hex (0x80007ed905...), or nothing for the one"
                + " derived from the node's name");
            return derived(nodeName);
        }
        return new EngineId(HexFormat.of().parseHex(text.toLowerCase(Locale.ROOT).replaceFirst("^0x", "")));
    }

    /**
     * engineBoots for a start at {@code now}: seconds since 2020, so that it grows from one start to the next without
     * a file to keep it in (RFC 3414 2.2.2: a receiver refuses a message whose boots went back), and lasts to 2088.
     */
    public static int boots(Instant now) {
        return (int) Math.max(1, now.getEpochSecond() - BOOTS_EPOCH.getEpochSecond());
    }

    /** {@code 0x} and the bytes in hex, as snmptrapd's {@code createUser -e} takes it. */
    @Override
    public String toString() {
        return "0x" + HexFormat.of().formatHex(bytes);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof EngineId e && Arrays.equals(bytes, e.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }
}
