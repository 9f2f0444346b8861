package org.vireo.config;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A configuration as ConfigurationAdmin hands it over, read through: every key a parser asks for ({@code get},
 * {@code containsKey}, so also every {@link ConfigValues} call) is marked. What is left at the end of the parse,
 * the keys nobody read, is refused by name: a typo ({@code prority = 150}) or a garbled file no longer falls back
 * to the defaults unnoticed. The keys a PID accepts are therefore never declared a second time: a key a parser
 * reads is known, whoever added it.
 *
 * <p>A parser starts with {@code ConfigReader raw = ConfigReader.of(config)} and ends with
 * {@link #refuseIfAny}. Where DS hands a component several PIDs merged into one map, the component makes one
 * {@link #merged} reader, has each PID's parser read its {@link #part} (or, for one PID read by two parsers, the
 * reader itself; their own ends then check the values only) and checks the keys once all have read
 * ({@link #refuseUnknownKeys}).
 *
 * <p>Not thread-safe: one parse reads it.
 */
public final class ConfigReader extends AbstractMap<String, Object> {

    /** Unknown keys longer than this get no suggestion: nobody mistypes a 64-character key. */
    private static final int MAX_SUGGESTED_LENGTH = 64;
    private static final int KEY_CHARS_SHOWN = 60;
    /** The longest name any factory PID accepts (instances and monitors: 64). */
    static final int NAME_CHARS_SHOWN = 64;

    private final Map<String, Object> raw;
    private final Set<String> read = new LinkedHashSet<>();
    private final boolean merged;
    /** A part's merged reader and PID; null for the others. */
    private final ConfigReader whole;
    private final String pid;
    private final List<ConfigReader> parts = new ArrayList<>();

    @SuppressWarnings("unchecked") // read only: a Map<String, ?> is a Map<String, Object> to a reader
    private ConfigReader(Map<String, ?> raw, boolean merged, ConfigReader whole, String pid) {
        this.raw = (Map<String, Object>) raw;
        this.merged = merged;
        this.whole = whole;
        this.pid = pid;
    }

    /** A reader of one PID's configuration; a reader given is returned as it is (its maker checks its keys). */
    public static ConfigReader of(Map<String, ?> config) {
        return config instanceof ConfigReader r ? r : new ConfigReader(config, false, null, null);
    }

    /**
     * A reader of several PIDs that DS merged into one map: the parsers that read it check its values only, the
     * component checks its keys with {@link #refuseUnknownKeys} after all have read.
     */
    public static ConfigReader merged(Map<String, ?> config) {
        return new ConfigReader(config, true, null, null);
    }

    /**
     * The part of this reader that one PID's parser (or part of a parser) reads, where DS merged several PIDs: what
     * it reads counts for the whole, and the key check of the whole refuses a PID that has a configuration (DS lists
     * it in {@code service.pid}) none of whose keys is there (DS merges an emptied file's PID into nothing), and a
     * key of a PID that has none (it was put in the other PID's file).
     */
    public ConfigReader part(String partPid) {
        ConfigReader part = new ConfigReader(raw, true, this, partPid);
        parts.add(part);
        return part;
    }

    @Override
    public Object get(Object key) {
        mark(key);
        return raw.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
        mark(key);
        return raw.containsKey(key);
    }

    private void mark(Object key) {
        if (key instanceof String k) {
            read.add(k);
            if (whole != null) {
                whole.read.add(k);
            }
        }
    }

    /** The entries, unmarked: iterating is not reading a key. */
    @Override
    public Set<Entry<String, Object>> entrySet() {
        return Collections.unmodifiableMap(raw).entrySet();
    }

    /** A new collection for the parse's errors, bounded ({@link ConfigErrors}). */
    public ConfigErrors errors() {
        return new ConfigErrors();
    }

    /** How a PID's refusal starts: {@code "configuration <pid> refused: "}. */
    public static String refusal(String pid) {
        return "configuration " + pid + " refused: ";
    }

    /**
     * How the refusal of one configuration of a factory PID starts, naming it: {@code "configuration <pid> <label>
     * '<name>' refused: "} ({@code label} may be empty), without the name when it is empty. The name is as written,
     * which may be what is wrong with it: bounded ({@value #NAME_CHARS_SHOWN} characters: a valid name is shown whole)
     * and escaped like the errors, since the message goes to the log and the console as it is.
     */
    public static String refusal(String pid, String label, String name) {
        if (name.isEmpty()) {
            return refusal(pid);
        }
        return "configuration " + pid + (label.isEmpty() ? "" : " " + label) + " '"
            + ConfigErrors.shorten(name, NAME_CHARS_SHOWN) + "' refused: ";
    }

    /**
     * Ends a parse: throws the refusal if there are errors or, unless this reader is {@link #merged}, keys nobody
     * read (and a configuration that holds no key at all).
     *
     * @param refusal what the message starts with ({@code "configuration org.vireo.balancer refused: "})
     * @throws IllegalArgumentException {@code refusal} and the errors, the key problems first, bounded
     */
    public void refuseIfAny(String refusal, List<String> errors) {
        ConfigErrors all = merged ? new ConfigErrors() : keyProblems();
        if (errors instanceof ConfigErrors bounded) {
            all.include(bounded);
        } else {
            errors.forEach(all::add);
        }
        if (all.total() > 0) {
            throw new IllegalArgumentException(refusal + all.joined());
        }
    }

    /**
     * Checks the keys once every parser has read this reader: a key none of them read is refused.
     *
     * @throws IllegalArgumentException {@code refusal} and the key problems, bounded
     */
    public void refuseUnknownKeys(String refusal) {
        ConfigErrors problems = keyProblems();
        if (problems.total() > 0) {
            throw new IllegalArgumentException(refusal + problems.joined());
        }
    }

    /**
     * What is wrong with the keys: a configuration that exists (it has a {@code service.pid}) but holds no key; one
     * none of whose keys was read (a garbled or a wrong file); each key nobody read, the first ones by name with
     * the read key it is closest to, the rest counted. A parser that reads no key at all (a PID whose presence is
     * the setting) accepts an empty configuration.
     */
    public ConfigErrors keyProblems() {
        TreeSet<String> first = new TreeSet<>();
        long unknown = 0;
        long known = 0;
        for (String key : raw.keySet()) {
            if (frameworkKey(key)) {
                continue;
            }
            if (read.contains(key)) {
                known++;
                continue;
            }
            unknown++;
            first.add(key);
            if (first.size() > ConfigErrors.KEPT) {
                first.pollLast(); // the first ones in order, in bounded memory
            }
        }
        ConfigErrors problems = new ConfigErrors();
        if (!read.isEmpty() && known == 0 && unknown > 0) {
            problems.add(String.format(Locale.ROOT, "none of its %,d keys is one it reads (a garbled file, or"
                + " another PID's?)", unknown));
        } else if (parts.isEmpty() && !read.isEmpty() && known == 0 && raw.get("service.pid") != null) {
            problems.add("it holds no key (an empty or truncated file?): expected keys such as " + some(read));
        } else {
            emptyParts().forEach((p, keys) -> problems.add(p + " holds none of its keys (an empty, truncated or"
                + " garbled file?): expected keys such as " + some(keys)));
        }
        misplacedKeys().forEach((key, p) -> problems.add("key '" + key + "' is one of " + p + "'s, which has no"
            + " configuration here: it does not belong in " + String.join(", ", servicePids())));
        for (String key : first) {
            problems.add("unknown key '" + ConfigErrors.shorten(key, KEY_CHARS_SHOWN) + "'" + suggestion(key));
        }
        problems.countMore(unknown - first.size());
        return problems;
    }

    /** The PIDs of the parts that have a configuration with none of their keys, and the keys they read. */
    private Map<String, Set<String>> emptyParts() {
        Map<String, Set<String>> byPid = new LinkedHashMap<>();
        parts.forEach(p -> byPid.computeIfAbsent(p.pid, k -> new LinkedHashSet<>()).addAll(p.read));
        Set<String> configured = servicePids();
        byPid.keySet().removeIf(p -> !configured.contains(p) || byPid.get(p).stream().anyMatch(raw::containsKey));
        return byPid;
    }

    /**
     * Keys present that only the part of a PID without a configuration reads: put in the other PID's file (the
     * cluster-wide one, where a node-local key would travel to every node). Told only where {@code service.pid}
     * says which PIDs are there.
     */
    private Map<String, String> misplacedKeys() {
        Set<String> configured = servicePids();
        Map<String, String> out = new TreeMap<>();
        if (configured.isEmpty()) {
            return out;
        }
        Set<String> readByConfigured = new LinkedHashSet<>();
        parts.stream().filter(p -> configured.contains(p.pid)).forEach(p -> readByConfigured.addAll(p.read));
        for (ConfigReader p : parts) {
            if (!configured.contains(p.pid)) {
                p.read.stream().filter(k -> raw.containsKey(k) && !readByConfigured.contains(k))
                    .forEach(k -> out.putIfAbsent(k, p.pid));
            }
        }
        return out;
    }

    /** The PIDs DS merged: {@code service.pid}, one or a list of them. */
    private Set<String> servicePids() {
        Object pids = raw.get("service.pid");
        Set<String> out = new LinkedHashSet<>();
        if (pids instanceof Collection<?> c) {
            c.forEach(p -> out.add(String.valueOf(p)));
        } else if (pids instanceof String[] a) {
            out.addAll(List.of(a));
        } else if (pids != null) {
            out.add(String.valueOf(pids));
        }
        return out;
    }

    private static String some(Set<String> keys) {
        return String.join(", ", keys.stream().limit(5).toList());
    }

    private String suggestion(String key) {
        if (key.length() > MAX_SUGGESTED_LENGTH) {
            return "";
        }
        // up to a third of the key may be wrong (one character at least): 'prority' is priority
        int limit = Math.max(1, key.length() / 3);
        String lower = key.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = limit + 1;
        for (String candidate : read) {
            if (Math.abs(candidate.length() - key.length()) < bestDistance) { // the distance is at least that
                int d = distance(lower, candidate.toLowerCase(Locale.ROOT), bestDistance - 1);
                if (d < bestDistance) {
                    best = candidate;
                    bestDistance = d;
                }
            }
        }
        return best != null ? " (did you mean " + best + "?)" : "";
    }

    /**
     * The edit distance (insertions, deletions, substitutions, transpositions of neighbours): a dozen lines for
     * keys of a few dozen characters, where a text library would be a bundle more on every node.
     */
    static int distance(String a, String b) {
        return distance(a, b, Integer.MAX_VALUE - 1);
    }

    /**
     * The edit distance if it is at most {@code bound}, else {@code bound + 1}: it stops at the first row whose every
     * cell is over the bound (a row's minimum never decreases), so a key far from every known one costs a few rows,
     * not the whole table (each unknown key of a garbled file is compared with every key read).
     */
    static int distance(String a, String b, int bound) {
        int[] before = new int[b.length() + 1];
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            int rowMin = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int d = Math.min(Math.min(previous[j] + 1, current[j - 1] + 1), previous[j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d = Math.min(d, before[j - 2] + 1);
                }
                current[j] = d;
                rowMin = Math.min(rowMin, d);
            }
            if (rowMin > bound) {
                return bound + 1;
            }
            int[] oldest = before;
            before = previous;
            previous = current;
            current = oldest;
        }
        return Math.min(previous[b.length()], bound + 1);
    }

    /**
     * Whether ConfigurationAdmin, file install, DS or Karaf put the key there, not the operator: {@code service.*}
     * (the PID, factory PID, bundle location), {@code component.*}, {@code felix.fileinstall.*}, Karaf's
     * {@code org.apache.karaf.features.configKey}, DS reference settings ({@code <reference>.target},
     * {@code <reference>.cardinality.minimum}), the properties of an EventAdmin handler that DS merges into its
     * component's configuration ({@code event.topics}, {@code event.filter}, {@code event.delivery}: the event log
     * refused its own {@code event.topics} and so every configuration of its PID) and private properties
     * ({@code .}-prefixed, ConfigurationAdmin 104.4.3).
     */
    public static boolean frameworkKey(String key) {
        return key.startsWith("service.") || key.startsWith("component.") || key.startsWith("felix.fileinstall.")
            || key.startsWith(".") || key.equals("org.apache.karaf.features.configKey") || key.endsWith(".target")
            || key.endsWith(".cardinality.minimum") || EVENT_HANDLER_KEYS.contains(key);
    }

    private static final Set<String> EVENT_HANDLER_KEYS = Set.of("event.topics", "event.filter", "event.delivery");
}
