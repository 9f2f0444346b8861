package org.vireo.config;

import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * A configuration's properties as one canonical text, the content of a {@code pid:} document (what config sync
 * replicates, versions and validates, and what the management API writes): sorted {@code key = value} lines,
 * values as text (as in a {@code .cfg} file, which is what Karaf writes them back to and reads them from), lists as
 * {@code key[] = a, b}. Properties of the framework, of file install and of DS (the PID, the file it came from,
 * reference targets; {@link ConfigReader#frameworkKey}) are left out: they are the node's business.
 */
public final class ConfigurationText {

    private static final String PID_PREFIX = "pid:";

    private ConfigurationText() {
    }

    /** The canonical text of {@code properties}. */
    public static byte[] encode(Dictionary<String, ?> properties) {
        TreeMap<String, String> lines = new TreeMap<>();
        for (Enumeration<String> keys = properties.keys(); keys.hasMoreElements(); ) {
            String key = keys.nextElement();
            if (ConfigReader.frameworkKey(key)) { // the framework's, file install's or DS's, not the operator's
                continue;
            }
            Object value = properties.get(key);
            List<String> many = elements(value);
            if (many == null) {
                lines.put(escape(key), escape(String.valueOf(value)));
            } else {
                List<String> escaped = many.stream().map(s -> escape(s).replace(",", "\\,")).toList();
                lines.put(escape(key) + "[]", String.join(", ", escaped));
            }
        }
        StringBuilder out = new StringBuilder();
        lines.forEach((k, v) -> out.append(k).append(" = ").append(v).append('\n'));
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> elements(Object value) {
        if (value != null && value.getClass().isArray()) {
            List<String> out = new ArrayList<>();
            for (int i = 0; i < Array.getLength(value); i++) {
                out.add(String.valueOf(Array.get(value, i)));
            }
            return out;
        }
        if (value instanceof Collection<?> c) {
            return c.stream().map(String::valueOf).toList();
        }
        return null;
    }

    /**
     * The properties of a canonical text, for ConfigurationAdmin: strings, and string arrays for lists.
     *
     * @throws IllegalArgumentException if {@code content} is not a configuration's text, naming the line
     */
    public static Dictionary<String, Object> decode(byte[] content) {
        Map<String, Object> out = new TreeMap<>();
        String text = new String(content, StandardCharsets.UTF_8);
        int line = 0;
        for (String l : text.split("\n", -1)) {
            line++;
            if (l.isEmpty()) {
                continue;
            }
            int eq = l.indexOf(" = ");
            if (eq < 0) {
                throw new IllegalArgumentException("configuration line " + line + ": '" + l
                    + "': expected 'key = value'");
            }
            String key = l.substring(0, eq);
            String value = l.substring(eq + 3);
            if (key.endsWith("[]")) {
                List<String> items = new ArrayList<>();
                if (!value.isEmpty()) {
                    for (String item : value.split("(?<!\\\\), ", -1)) {
                        items.add(unescape(item.replace("\\,", ",")));
                    }
                }
                out.put(unescape(key.substring(0, key.length() - 2)), items.toArray(String[]::new));
            } else {
                out.put(unescape(key), unescape(value));
            }
        }
        return new Hashtable<>(out);
    }

    /**
     * The properties of a canonical text as a sorted map, as a {@code .cfg} file gives them to a component.
     *
     * @throws IllegalArgumentException if {@code content} is not a configuration's text, naming the line
     */
    public static Map<String, Object> properties(byte[] content) {
        Dictionary<String, Object> d = decode(content);
        Map<String, Object> out = new TreeMap<>();
        for (String key : Collections.list(d.keys())) {
            out.put(key, d.get(key));
        }
        return out;
    }

    /**
     * What a {@link DocumentValidator} of a {@code pid:} document answers: the refusal of {@code parse}, the parse
     * the PID's component runs, given the properties as that component would get them (with their
     * {@code service.pid}, so that an empty configuration is refused as one); empty when it accepts them.
     */
    public static Optional<String> problem(String document, byte[] content, Consumer<Map<String, Object>> parse) {
        try {
            Map<String, Object> properties = properties(content);
            if (document.startsWith(PID_PREFIX)) {
                String pid = document.substring(PID_PREFIX.length());
                properties.put("service.pid", pid);
                if (pid.contains("~")) {
                    properties.put("service.factoryPid", pid.substring(0, pid.indexOf('~')));
                }
            }
            parse.accept(properties);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }

    private static String escape(String s) {
        return s.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
    }

    private static String unescape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                out.append(n == 'n' ? '\n' : n == 'r' ? '\r' : n);
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
