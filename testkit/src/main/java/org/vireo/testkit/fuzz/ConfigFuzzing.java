package org.vireo.testkit.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;

import org.vireo.config.ConfigErrors;
import org.vireo.config.ConfigReader;

/**
 * The one fuzz target of every {@code *Options.parse}: the input is a configuration written as a {@code .cfg} file
 * is ({@code key = value} lines, which is what file install hands ConfigurationAdmin), so the seeds are the shipped
 * files and the mutations are the typos, cut lines and garbage an operator's file meets; a key written {@code @n} is
 * the n-th key the parser reads (so mutating a digit moves to another known key), {@code key[] = a,b} is a String[]
 * (metatype's and the console's form), {@code key:i} an Integer and {@code key:b} a Boolean (typed values).
 *
 * <p>Invariants checked by {@link #parsesOrIsRefused}: a configuration parses or is refused with exactly an
 * {@link IllegalArgumentException} whose message starts with the PID's refusal ({@code "configuration <pid>"}), is
 * bounded ({@link #MAX_MESSAGE}: the {@link ConfigErrors} bound and a short prefix) and holds no control character
 * (it goes to the log and the console as it is); nothing else escapes; a configuration holding a key the parser never
 * reads (and not one the framework adds) is refused; parsing is deterministic (the same value or the same message
 * twice); and it allocates at most {@link #ALLOCATION_BASE} plus {@link #ALLOCATION_PER_BYTE} per input byte.
 */
public final class ConfigFuzzing {

    /** The map, the reader, the regular expressions' matchers, the error list. */
    public static final long ALLOCATION_BASE = 1 << 20;
    /** A value is split, trimmed, matched and quoted in a message a few times. */
    public static final long ALLOCATION_PER_BYTE = 1024;
    /** The prefix (the PID and an instance name), then the bounded errors: {@link ConfigErrors#joined}. */
    public static final int MAX_MESSAGE = 200 + ConfigErrors.KEPT * (ConfigErrors.MAX_CHARS + "...; ".length())
        + "; and 9,223,372,036,854,775,807 more".length();

    private ConfigFuzzing() {
    }

    /**
     * The keys {@code parse} reads, learned by letting it read an empty configuration and then one with each of those
     * keys blank, through a map that records what is asked of it: a key added to a parser is fuzzed at once.
     */
    public static List<String> keysRead(Function<Map<String, ?>, ?> parse) {
        Set<String> keys = new LinkedHashSet<>();
        Map<String, Object> blank = new LinkedHashMap<>();
        for (int round = 0; round < 2; round++) {
            Recording recording = new Recording(blank);
            try {
                parse.apply(recording);
            } catch (IllegalArgumentException refused) {
                // the keys were read all the same
            }
            keys.addAll(recording.asked);
            keys.forEach(k -> blank.put(k, ""));
        }
        return List.copyOf(keys);
    }

    /** The configuration {@code input} stands for, see the class comment. */
    public static Map<String, Object> configuration(byte[] input, List<String> known) {
        Map<String, Object> config = new LinkedHashMap<>();
        for (String line : new String(input, StandardCharsets.UTF_8).split("\n", -1)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int eq = line.indexOf('=');
            String key = (eq < 0 ? line : line.substring(0, eq)).trim();
            String value = eq < 0 ? "" : line.substring(eq + 1).trim();
            Object typed = value;
            if (key.endsWith("[]")) {
                key = key.substring(0, key.length() - 2);
                typed = value.split(",", -1);
            } else if (key.endsWith(":i")) {
                key = key.substring(0, key.length() - 2);
                typed = integerOr(value);
            } else if (key.endsWith(":b")) {
                key = key.substring(0, key.length() - 2);
                typed = Boolean.valueOf(value);
            }
            config.put(knownOr(key, known), typed);
        }
        return config;
    }

    /**
     * Checks every invariant of the class comment on the configuration {@code input} stands for.
     *
     * @param known   what {@link #keysRead} learned of {@code parse}
     * @param refusal how the parser's refusal starts ({@code "configuration org.vireo.vip"})
     */
    public static <T> void parsesOrIsRefused(byte[] input, List<String> known, Function<Map<String, ?>, T> parse,
                                             String refusal) {
        Map<String, Object> config = configuration(input, known);
        Outcome first = outcome(parse, config);
        Allocation.Measured<Outcome> measured = Allocation.of(() -> outcome(parse, config));

        assertThat(measured.value()).as("parsed twice").isEqualTo(first);
        assertThat(measured.bytes()).as("bytes allocated for %d bytes of input", input.length)
            .isLessThanOrEqualTo(ALLOCATION_BASE + ALLOCATION_PER_BYTE * input.length);
        if (first.refusal() != null) {
            assertThat(first.refusal()).startsWith(refusal).hasSizeLessThanOrEqualTo(MAX_MESSAGE)
                .doesNotContainPattern("\\p{Cntrl}");
        } else {
            assertThat(config.keySet()).as("a configuration with a key its parser never reads is refused")
                .allMatch(k -> known.contains(k) || ConfigReader.frameworkKey(k));
        }
    }

    /** The parsed value or the refusal's message; any other exception, or a subclass, escapes and fails the run. */
    private record Outcome(Object value, String refusal) {
    }

    private static Outcome outcome(Function<Map<String, ?>, ?> parse, Map<String, Object> config) {
        try {
            return new Outcome(Objects.requireNonNull(parse.apply(config), "parsed"), null);
        } catch (IllegalArgumentException e) {
            if (e.getClass() != IllegalArgumentException.class) {
                throw e; // NumberFormatException, InvalidPathException...: not the parser's refusal
            }
            return new Outcome(null, e.getMessage());
        }
    }

    private static String knownOr(String key, List<String> known) {
        if (key.length() > 1 && key.length() <= 4 && key.charAt(0) == '@' && !known.isEmpty()) {
            Integer n = integerOr(key.substring(1)) instanceof Integer i ? i : null;
            if (n != null) {
                return known.get(Math.floorMod(n, known.size()));
            }
        }
        return key;
    }

    private static Object integerOr(String value) {
        try {
            return Integer.valueOf(value);
        } catch (NumberFormatException e) {
            return value;
        }
    }

    /** A configuration that records the keys asked of it. */
    private static final class Recording extends AbstractMap<String, Object> {

        private final Map<String, Object> values;
        private final List<String> asked = new ArrayList<>();

        Recording(Map<String, Object> values) {
            this.values = values;
        }

        @Override
        public Object get(Object key) {
            asked.add(String.valueOf(key));
            return values.get(key);
        }

        @Override
        public boolean containsKey(Object key) {
            asked.add(String.valueOf(key));
            return values.containsKey(key);
        }

        @Override
        public Set<Entry<String, Object>> entrySet() {
            return values.entrySet();
        }
    }
}
