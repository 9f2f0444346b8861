package org.vireo.cluster.internal.rest;

import java.util.ArrayList;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import org.vireo.config.ConfigReader;
import org.vireo.config.ConfigurationText;

/**
 * A configuration's properties as the API shows and takes them, as JSON: each value as a {@code .cfg} file gives it
 * to its component, text, or a list of texts ({@code key[]} in the canonical text). A secret (a key ending in
 * {@code password} or {@code secret}, any case) is never shown: it reads {@value #HIDDEN}, and a write that gives it
 * back as {@value #HIDDEN} keeps the secret in force.
 */
final class ConfigJson {

    static final String HIDDEN = "********";

    private ConfigJson() {
    }

    /** The properties of a canonical text, secrets hidden, sorted by key. */
    static Map<String, Object> view(byte[] content) {
        Map<String, Object> out = new LinkedHashMap<>();
        ConfigurationText.properties(content).forEach((key, value) -> out.put(key, secret(key) ? HIDDEN
            : value instanceof String[] many ? List.of(many) : value));
        return out;
    }

    /**
     * The canonical text of the properties a write gives: text, numbers and true/false as their text, lists of them as
     * lists; a secret given as {@value #HIDDEN} keeps its value in {@code current}.
     *
     * @throws IllegalArgumentException naming the key, for a value that is none of those, a key of the framework's or
     *                                  a hidden secret the configuration does not have
     */
    static byte[] content(Map<String, Object> body, Optional<byte[]> current) {
        if (body == null) {
            throw new IllegalArgumentException("the body: expected a JSON object of the configuration's properties");
        }
        Map<String, Object> inForce = current.map(ConfigurationText::properties).orElse(Map.of());
        Hashtable<String, Object> out = new Hashtable<>();
        for (Map.Entry<String, Object> e : body.entrySet()) {
            String key = e.getKey();
            if (ConfigReader.frameworkKey(key)) {
                throw new IllegalArgumentException("key '" + key + "' is Karaf's, file install's or DS's, not the"
                    + " operator's: leave it out");
            }
            if (secret(key) && HIDDEN.equals(e.getValue())) {
                Object kept = inForce.get(key);
                if (kept == null) {
                    throw new IllegalArgumentException("key '" + key + "' = '" + HIDDEN + "' keeps the secret in force,"
                        + " but the configuration has none: give its value");
                }
                out.put(key, kept);
                continue;
            }
            out.put(key, value(key, e.getValue()));
        }
        return ConfigurationText.encode(out);
    }

    private static Object value(String key, Object value) {
        if (value instanceof List<?> many) {
            List<String> items = new ArrayList<>(many.size());
            for (Object item : many) {
                items.add(scalar(key, item));
            }
            return items.toArray(String[]::new);
        }
        return scalar(key, value);
    }

    private static String scalar(String key, Object value) {
        if (value instanceof String || value instanceof Number || value instanceof Boolean) {
            return String.valueOf(value);
        }
        throw new IllegalArgumentException("key '" + key + "': " + (value == null ? "null" : "a JSON "
            + (value instanceof Map ? "object" : "list in a list")) + " is no configuration value: expected text, a"
            + " number, true or false, or a list of them (leave a key out to remove it)");
    }

    static boolean secret(String key) {
        String k = key.toLowerCase(Locale.ROOT);
        return k.endsWith("password") || k.endsWith("secret");
    }
}
