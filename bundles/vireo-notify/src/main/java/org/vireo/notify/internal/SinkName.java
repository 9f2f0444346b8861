package org.vireo.notify.internal;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.vireo.config.ConfigValues;
import org.vireo.config.Setting;

/** A sink's name, as every kind's configuration gives it: 1-64 letters, digits, '.', '_' or '-'. */
public final class SinkName {

    private static final Pattern CHARS = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    private SinkName() {
    }

    /** The name under {@code key}; a missing or bad one is told to {@code errors} (the kind says whose it is). */
    public static String read(Map<String, ?> raw, Setting<String> key, String kind, List<String> errors) {
        String name = ConfigValues.text(raw, key);
        if (name.isEmpty()) {
            errors.add(key + " is missing: expected the " + kind + "'s name, 1-64 letters, digits, '.', '_' or '-'");
        } else if (!CHARS.matcher(name).matches()) {
            errors.add(key + " = '" + name + "': expected 1-64 letters, digits, '.', '_' or '-'");
        }
        return name;
    }
}
