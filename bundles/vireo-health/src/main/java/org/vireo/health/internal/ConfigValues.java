package org.vireo.health.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reading ConfigurationAdmin maps the way every PID of this bundle does: a missing or blank value is absent, and a
 * list is a String[] (metatype, console), any collection, or one comma-separated string (a Karaf {@code .cfg} file).
 */
public final class ConfigValues {

    private ConfigValues() {
    }

    /** The trimmed value, or {@code fallback} when it is missing or blank. */
    public static String text(Map<String, ?> raw, String key, String fallback) {
        Object v = raw.get(key);
        String s = v == null ? "" : String.valueOf(v).trim();
        return s.isEmpty() ? fallback : s;
    }

    /**
     * A whole number in {@code min..max}; a missing one is {@code fallback}. A bad one adds an error naming the key,
     * the value and {@code accepted}, and gives {@code fallback}.
     */
    public static int integer(Map<String, ?> raw, String key, int fallback, int min, int max, String accepted,
                              List<String> errors) {
        String s = text(raw, key, "");
        if (s.isEmpty()) {
            return fallback;
        }
        try {
            int value = Integer.parseInt(s);
            if (value < min || value > max) {
                errors.add(key + " = " + s + ": expected " + accepted);
                return fallback;
            }
            return value;
        } catch (NumberFormatException e) {
            errors.add(key + " = '" + s + "': expected a whole number, " + accepted);
            return fallback;
        }
    }

    /** The items of a list key, trimmed, blanks left out, in order. */
    public static List<String> list(Map<String, ?> raw, String key) {
        Object v = raw.get(key);
        List<String> items = new ArrayList<>();
        if (v instanceof String[] array) {
            items.addAll(List.of(array));
        } else if (v instanceof Iterable<?> iterable) {
            iterable.forEach(o -> items.add(String.valueOf(o)));
        } else if (v != null) {
            items.addAll(List.of(String.valueOf(v).split(",")));
        }
        return items.stream().map(String::trim).filter(s -> !s.isEmpty()).toList();
    }
}
