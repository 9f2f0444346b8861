package org.vireo.notify.snmp;

import static org.vireo.config.ConfigValues.text;
import static org.vireo.config.ConfigValues.untrimmed;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import org.snmp4j.security.UsmUser;
import org.snmp4j.smi.OctetString;
import org.vireo.config.Setting;

/**
 * An SNMPv3 user with authentication and privacy (authPriv, the only level accepted: traps and MIB values travel
 * signed and encrypted). Its passphrases are never shown: {@link #toString} leaves them out.
 */
public record V3User(String name, UsmProtocol auth, String authPassphrase, UsmProtocol priv,
                     String privPassphrase) {

    /** RFC 3414 11.2 asks for 8 characters at least; net-snmp refuses shorter ones. */
    public static final int MIN_PASSPHRASE = 8;
    static final int MAX_PASSPHRASE = 256;

    /** SnmpAdminString (SIZE(1..32)), printable, no space. */
    private static final Pattern NAME = Pattern.compile("[\\x21-\\x7e]{1,32}");

    /** The keys of a PID that configure its user. */
    public record Keys(Setting<String> user, Setting<String> authProtocol, Setting<String> authPassphrase,
                       Setting<String> privProtocol, Setting<String> privPassphrase) {
    }

    /** The user the keys configure; what is wrong is told to {@code errors}, naming the key (never a passphrase). */
    public static V3User read(Map<String, ?> raw, Keys keys, List<String> errors) {
        String name = text(raw, keys.user());
        if (!NAME.matcher(name).matches()) {
            errors.add(keys.user() + (name.isEmpty() ? " is missing" : " = '" + name + "'")
                + ": expected the SNMPv3 user's name, 1-32 printable characters without spaces (version v3)");
        }
        UsmProtocol auth = protocol(raw, keys.authProtocol(), false, "MD5", errors);
        UsmProtocol priv = protocol(raw, keys.privProtocol(), true, "DES and 3DES", errors);
        String authPassphrase = passphrase(raw, keys.authPassphrase(), errors);
        String privPassphrase = passphrase(raw, keys.privPassphrase(), errors);
        return new V3User(name, auth, authPassphrase, priv, privPassphrase);
    }

    private static UsmProtocol protocol(Map<String, ?> raw, Setting<String> key, boolean privacy, String refused,
                                        List<String> errors) {
        String text = text(raw, key);
        Optional<UsmProtocol> named = UsmProtocol.named(text, privacy);
        if (named.isEmpty()) {
            errors.add(key + " = '" + text + "': expected one of " + UsmProtocol.accepted(privacy) + " (" + refused
                + " not accepted)");
        }
        return named.orElse(privacy ? UsmProtocol.AES_128 : UsmProtocol.SHA_256);
    }

    /** A passphrase as written (spaces are part of it); its length is told, never its text. */
    private static String passphrase(Map<String, ?> raw, Setting<String> key, List<String> errors) {
        String value = untrimmed(raw, key.key());
        if (value.isEmpty()) {
            errors.add(key + " is missing: expected " + MIN_PASSPHRASE + "-" + MAX_PASSPHRASE + " characters (version"
                + " v3)");
        } else if (value.length() < MIN_PASSPHRASE || value.length() > MAX_PASSPHRASE) {
            errors.add(key + " has " + value.length() + " characters: expected " + MIN_PASSPHRASE + "-"
                + MAX_PASSPHRASE);
        }
        return value;
    }

    /** The user as SNMP4J's USM takes it. */
    public UsmUser toUsmUser() {
        return new UsmUser(new OctetString(name), auth.oid(), new OctetString(authPassphrase), priv.oid(),
            new OctetString(privPassphrase));
    }

    /** Name and protocols: what notify:list and the log may show. */
    @Override
    public String toString() {
        return name + " (authPriv, " + auth.text() + ", " + priv.text() + ")";
    }
}
