package org.vireo.notify.snmp;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

import org.snmp4j.security.AuthHMAC128SHA224;
import org.snmp4j.security.AuthHMAC192SHA256;
import org.snmp4j.security.AuthHMAC256SHA384;
import org.snmp4j.security.AuthHMAC384SHA512;
import org.snmp4j.security.AuthSHA;
import org.snmp4j.security.PrivAES128;
import org.snmp4j.security.PrivAES192;
import org.snmp4j.security.PrivAES256;
import org.snmp4j.smi.OID;

/**
 * The SNMPv3 (USM) protocols accepted, named as net-snmp's {@code createUser} names them. Authentication: the SHA-2
 * family of RFC 7860 and, for managers that know no other, SHA-1 (RFC 3414); not MD5, which is broken. Privacy:
 * AES-128 (RFC 3826, net-snmp's {@code AES}) and AES-192/256 with the key extension of draft-blumenthal-aes-usm
 * (net-snmp's {@code AES-192}, {@code AES-256}); not DES or 3DES.
 */
public enum UsmProtocol {
    SHA("SHA", AuthSHA.ID, false),
    SHA_224("SHA-224", AuthHMAC128SHA224.ID, false),
    SHA_256("SHA-256", AuthHMAC192SHA256.ID, false),
    SHA_384("SHA-384", AuthHMAC256SHA384.ID, false),
    SHA_512("SHA-512", AuthHMAC384SHA512.ID, false),
    AES_128("AES-128", PrivAES128.ID, true),
    AES_192("AES-192", PrivAES192.ID, true),
    AES_256("AES-256", PrivAES256.ID, true);

    private final String text;
    private final OID oid;
    private final boolean privacy;

    UsmProtocol(String text, OID oid, boolean privacy) {
        this.text = text;
        this.oid = oid;
        this.privacy = privacy;
    }

    /** As configured and as net-snmp names it ({@code SHA-256}). */
    public String text() {
        return text;
    }

    /** SNMP4J's identifier of the protocol. */
    public OID oid() {
        return oid;
    }

    /**
     * The authentication ({@code privacy} false) or privacy protocol of that name, any case; {@code AES} is AES-128,
     * as net-snmp has it. Empty if none is accepted.
     */
    public static Optional<UsmProtocol> named(String name, boolean privacy) {
        String upper = name.toUpperCase(Locale.ROOT);
        String wanted = privacy && upper.equals("AES") ? AES_128.text : upper;
        return Arrays.stream(values()).filter(p -> p.privacy == privacy && p.text.equals(wanted)).findFirst();
    }

    /** The accepted names of one kind, for messages. */
    public static String accepted(boolean privacy) {
        return String.join(", ", Arrays.stream(values()).filter(p -> p.privacy == privacy).map(p -> p.text).toList());
    }
}
