package org.vireo.config;

import java.lang.reflect.Array;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.DoublePredicate;

/**
 * Reading the values of a configuration as ConfigurationAdmin hands it over: strings from a {@code .cfg} file,
 * typed values from metatype or the console. Errors are collected, each naming the key, the value and what is
 * accepted, so that one refusal lists everything that is wrong.
 */
public final class ConfigValues {

    private ConfigValues() {
    }

    /**
     * The trimmed value, or {@code fallback} when the key is absent or blank. A list where one value is read (an
     * array or a collection, from metatype or the console) reads as its items comma-separated, as {@link #list} reads
     * a {@code .cfg} line: a message shows them, never an array's identity hash.
     */
    public static String text(Map<String, ?> raw, String key, String fallback) {
        Object v = raw.get(key);
        String s = v == null ? "" : asText(v).trim();
        return s.isEmpty() ? fallback : s;
    }

    /**
     * The value as written, not trimmed (a regular expression's spaces are part of it), "" when absent; a list reads
     * as its items comma-separated, as in {@link #text}.
     */
    public static String untrimmed(Map<String, ?> raw, String key) {
        Object v = raw.get(key);
        return v == null ? "" : asText(v);
    }

    private static String asText(Object v) {
        if (v.getClass().isArray()) {
            StringJoiner items = new StringJoiner(",");
            for (int i = 0; i < Array.getLength(v); i++) {
                items.add(String.valueOf(Array.get(v, i)));
            }
            return items.toString();
        }
        if (v instanceof Collection<?> c) {
            StringJoiner items = new StringJoiner(",");
            c.forEach(o -> items.add(String.valueOf(o)));
            return items.toString();
        }
        return String.valueOf(v);
    }

    /** {@link #text(Map, String, String)} of a declared key, its declared default when absent ("" if required). */
    public static String text(Map<String, ?> raw, Setting<String> setting) {
        return text(raw, setting.key(), setting.required() ? "" : setting.defaultValue());
    }

    /** {@link #integer(Map, String, Integer, int, int, List)} of a declared key: absent, its declared default. */
    public static int integer(Map<String, ?> raw, Setting<Integer> setting, int min, int max, List<String> errors) {
        return integer(raw, setting.key(), setting.required() ? null : setting.defaultValue(), min, max, errors);
    }

    /** {@link #integer(Map, String, Integer, int, int, String, List)} of a declared key. */
    public static int integer(Map<String, ?> raw, Setting<Integer> setting, int min, int max, String accepted,
                              List<String> errors) {
        return integer(raw, setting.key(), setting.required() ? null : setting.defaultValue(), min, max, accepted,
            errors);
    }

    /** {@link #bool(Map, String, boolean, List)} of a declared key: absent, its declared default. */
    public static boolean bool(Map<String, ?> raw, Setting<Boolean> setting, List<String> errors) {
        return bool(raw, setting.key(), setting.defaultValue(), errors);
    }

    /** {@link #decimal(Map, String, double, DoublePredicate, String, List)} of a declared key. */
    public static double decimal(Map<String, ?> raw, Setting<Double> setting, DoublePredicate accepts,
                                 String accepted, List<String> errors) {
        return decimal(raw, setting.key(), setting.defaultValue(), accepts, accepted, errors);
    }

    /**
     * {@link #list(Map, String)} of a declared key; absent, its declared default (a key set to nothing is an empty
     * list: an operator may empty a list whose default is not).
     */
    public static List<String> list(Map<String, ?> raw, Setting<String[]> setting) {
        if (!raw.containsKey(setting.key())) {
            return setting.required() ? List.of() : setting.defaultList();
        }
        return list(raw, setting.key());
    }

    /** A whole number in {@code min..max}, described to the operator as {@code min-max}. */
    public static int integer(Map<String, ?> raw, String key, Integer fallback, int min, int max, List<String> errors) {
        return integer(raw, key, fallback, min, max, min + "-" + max, errors);
    }

    /**
     * A whole number in {@code min..max}; absent: {@code fallback}, or an error if {@code fallback} is null (a
     * required key).
     *
     * @param accepted what is accepted, for the message ({@code "1-255 (255: the address owner)"})
     */
    public static int integer(Map<String, ?> raw, String key, Integer fallback, int min, int max, String accepted,
                              List<String> errors) {
        String s = text(raw, key, "");
        if (s.isEmpty()) {
            if (fallback == null) {
                errors.add(key + " is missing: expected " + accepted);
                return min;
            }
            return fallback;
        }
        try {
            int value = Integer.parseInt(s);
            if (value < min || value > max) {
                errors.add(key + " = " + s + ": expected " + accepted);
            }
            return value;
        } catch (NumberFormatException e) {
            errors.add(key + " = '" + s + "': expected a whole number, " + accepted);
            return fallback == null ? min : fallback;
        }
    }

    /**
     * A decimal number that {@code accepts}; absent: {@code fallback}.
     *
     * @param accepted what is accepted, for the message ({@code "a number from 0 to 1"})
     */
    public static double decimal(Map<String, ?> raw, String key, double fallback, DoublePredicate accepts,
                                 String accepted, List<String> errors) {
        String s = text(raw, key, "");
        if (s.isEmpty()) {
            return fallback;
        }
        try {
            // + 0.0: "-0" is 0 (a fuzz finding: -0.0 passed "0 to 1" and showed as -0.0)
            double value = Double.parseDouble(s) + 0.0;
            if (accepts.test(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // told below, as a value out of range is
        }
        errors.add(key + " = '" + s + "': expected " + accepted);
        return fallback;
    }

    /** true or false, any case; absent: {@code fallback}. */
    public static boolean bool(Map<String, ?> raw, String key, boolean fallback, List<String> errors) {
        String s = text(raw, key, "");
        if (s.isEmpty()) {
            return fallback;
        }
        if (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(s);
        }
        errors.add(key + " = '" + s + "': expected true or false");
        return fallback;
    }

    /**
     * A list key: a String[] (or any collection) from metatype or the console, or one comma-separated string from
     * a {@code .cfg} file ({@code monitors = web, db}). Items are trimmed; blank ones are dropped.
     */
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
