package org.vireo.notify.snmp;

import static org.vireo.config.ConfigValues.text;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.vireo.config.Setting;

/** An SNMPv2c community: a shared password sent in clear, which is why it is never shown or logged either. */
public final class Community {

    private static final Pattern FORM = Pattern.compile("[\\x21-\\x7e]{1,64}");

    private Community() {
    }

    /** The community under {@code key}; a missing or bad one is told to {@code errors} (without its text). */
    public static String read(Map<String, ?> raw, Setting<String> key, List<String> errors) {
        String community = text(raw, key);
        if (!FORM.matcher(community).matches()) {
            errors.add(key + (community.isEmpty() ? " is missing" : " is not accepted") + ": expected 1-64 printable"
                + " characters without spaces (version v2c)");
        }
        return community;
    }
}
