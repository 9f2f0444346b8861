package org.vireo.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNoException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class ConfigReaderTest {

    private static final String REFUSED = "configuration org.example refused: ";

    /** A parser of two keys, as every *Options.parse reads: through ConfigValues, on the reader. */
    private static void parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        ConfigValues.integer(raw, "priority", 100, 1, 255, errors);
        ConfigValues.text(raw, "name", "");
        raw.refuseIfAny(REFUSED, errors);
    }

    private static Map<String, Object> fromFile(Object... keysAndValues) {
        Map<String, Object> m = new HashMap<>(Map.of("service.pid", "org.example",
            "felix.fileinstall.filename", "file:/opt/vireo/etc/org.example.cfg", "component.name", "Example"));
        for (int i = 0; i < keysAndValues.length; i += 2) {
            m.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return m;
    }

    @Test
    void givenOnlyKeysTheParserReads_thenItIsAccepted() {
        assertThatNoException().isThrownBy(() -> parse(fromFile("priority", "150", "name", "v1")));
        assertThatNoException().isThrownBy(() -> parse(Map.of())); // no configuration at all: the defaults
    }

    @Test
    void givenATypo_thenTheKeyIsRefusedByNameWithTheKeyItIsCloseTo() {
        assertThatIllegalArgumentException().isThrownBy(() -> parse(fromFile("prority", "150", "name", "v1")))
            .withMessage(REFUSED + "unknown key 'prority' (did you mean priority?)");
        assertThatIllegalArgumentException().isThrownBy(() -> parse(fromFile("Priority", "150", "name", "v1")))
            .withMessage(REFUSED + "unknown key 'Priority' (did you mean priority?)");
        assertThatIllegalArgumentException().isThrownBy(() -> parse(fromFile("colour", "red", "name", "v1")))
            .withMessage(REFUSED + "unknown key 'colour'");
    }

    @Test
    void givenAKeyProblemAndABadValue_thenBothAreTold_theKeysFirst() {
        assertThatIllegalArgumentException().isThrownBy(() -> parse(fromFile("priority", "0", "nme", "v1")))
            .withMessage(REFUSED + "unknown key 'nme' (did you mean name?); priority = 0: expected 1-255");
    }

    @Test
    void givenAnEmptyConfiguration_thenItIsRefused_butNoConfigurationAtAllIsTheDefaults() {
        assertThatIllegalArgumentException().isThrownBy(() -> parse(fromFile()))
            .withMessage(REFUSED + "it holds no key (an empty or truncated file?): expected keys such as priority,"
                + " name");
    }

    @Test
    void givenAGarbledFile_thenItIsRefusedAsHoldingNoneOfThePidsKeys_inBoundedWords() {
        Map<String, Object> garbled = fromFile();
        for (int i = 0; i < 200_000; i++) {
            garbled.put("\u0001\u00e9" + i + "x".repeat(100), "\u0007");
        }

        String message = catchMessage(() -> parse(garbled));

        assertThat(message).startsWith(REFUSED + "none of its 200,000 keys is one it reads (a garbled file, or"
            + " another PID's?); unknown key '\\u0001\u00e90xxx").endsWith("; and 199,991 more")
            .hasSizeLessThan(ConfigErrors.KEPT * ConfigErrors.MAX_CHARS);
    }

    @Test
    void frameworkAndPrivateKeysAreNeverUnknown() {
        assertThatNoException().isThrownBy(() -> parse(fromFile("name", "v1", "service.factoryPid", "org.example",
            "service.bundleLocation", "?", ".private", "x", "transport.target", "(kind=memory)",
            "org.apache.karaf.features.configKey", "org.example", "component.id", 7L)));
        // an EventAdmin handler's own service properties, which DS hands its component with the configuration
        assertThatNoException().isThrownBy(() -> parse(fromFile("name", "v1", "event.topics",
            new String[] {"org/vireo/*"})));
    }

    @Test
    void aParserThatReadsNoKeyAcceptsAnEmptyConfigurationButNoKey() {
        ConfigReader empty = ConfigReader.of(fromFile());
        assertThatNoException().isThrownBy(() -> empty.refuseIfAny(REFUSED, empty.errors()));

        ConfigReader withKey = ConfigReader.of(fromFile("port", "1"));
        assertThatIllegalArgumentException().isThrownBy(() -> withKey.refuseIfAny(REFUSED, withKey.errors()))
            .withMessage(REFUSED + "unknown key 'port'");
    }

    @Test
    void givenTwoPidsMerged_thenEachParserChecksItsValuesAndTheComponentTheKeysOfBoth() {
        ConfigReader merged = ConfigReader.merged(fromFile("priority", "150", "colour", "red", "typo", "x"));

        assertThatNoException().isThrownBy(() -> parse(merged)); // 'colour' may be the other PID's
        assertThat(ConfigValues.text(merged, "colour", "")).isEqualTo("red"); // the other parser

        assertThatIllegalArgumentException().isThrownBy(() -> merged.refuseUnknownKeys("both refused: "))
            .withMessage("both refused: unknown key 'typo'");
    }

    @Test
    void givenTwoPidsMerged_whenOneOfThemIsEmptied_thenItIsRefusedAsEmpty() {
        Map<String, Object> merged = fromFile("colour", "red");
        merged.put("service.pid", List.of("org.example", "org.example.local"));
        ConfigReader both = ConfigReader.merged(merged);

        parse(both.part("org.example"));
        ConfigValues.text(both.part("org.example.local"), "colour", "");

        assertThatIllegalArgumentException().isThrownBy(() -> both.refuseUnknownKeys("refused: "))
            .withMessage("refused: org.example holds none of its keys (an empty, truncated or garbled file?):"
                + " expected keys such as priority, name");
    }

    @Test
    void givenTwoPidsMerged_whenOnlyOneHasAConfiguration_thenTheOtherIsNotEmpty() {
        ConfigReader both = ConfigReader.merged(fromFile("colour", "red")); // service.pid: org.example only

        parse(both.part("org.example.other"));
        ConfigValues.text(both.part("org.example"), "colour", "");

        assertThatNoException().isThrownBy(() -> both.refuseUnknownKeys("refused: "));
    }

    @Test
    void givenTwoPidsMerged_whenTheOnlyConfiguredOneHoldsTheOthersKey_thenTheKeyIsToldWhereItBelongs() {
        ConfigReader both = ConfigReader.merged(fromFile("priority", "1", "colour", "red"));

        parse(both.part("org.example"));
        ConfigValues.text(both.part("org.example.local"), "colour", "");

        assertThatIllegalArgumentException().isThrownBy(() -> both.refuseUnknownKeys("refused: "))
            .withMessage("refused: key 'colour' is one of org.example.local's, which has no configuration here: it"
                + " does not belong in org.example");
    }

    @Test
    void iteratingTheEntriesDoesNotCountAsReading() {
        ConfigReader raw = ConfigReader.of(fromFile("priority", "1"));

        assertThat(raw.entrySet()).hasSize(4);

        assertThat(raw.keyProblems()).containsExactly("unknown key 'priority'");
    }

    @Test
    void editDistanceCountsATranspositionAsOne() {
        assertThat(ConfigReader.distance("prority", "priority")).isEqualTo(1);
        assertThat(ConfigReader.distance("prioirty", "priority")).isEqualTo(1);
        assertThat(ConfigReader.distance("prrity", "priority")).isEqualTo(2);
        assertThat(ConfigReader.distance("", "abc")).isEqualTo(3);
        assertThat(ConfigReader.distance("abc", "")).isEqualTo(3);
        assertThat(ConfigReader.distance("ca", "abc")).isEqualTo(3); // optimal string alignment, not Damerau's 2
    }

    @Test
    void aBoundedDistanceStopsOverTheBoundAndIsExactWithinIt() {
        assertThat(ConfigReader.distance("prrity", "priority", 2)).isEqualTo(2);
        assertThat(ConfigReader.distance("prrity", "priority", 1)).isEqualTo(2);
        assertThat(ConfigReader.distance("advertIntervalMillis", "preempt", 3)).isEqualTo(4);
        assertThat(ConfigReader.distance("prioirty", "priority", 0)).isEqualTo(1);
        // the rolling rows agree with the whole table, within the bound and beyond it, on keys and on random words
        List<String> words = new ArrayList<>(List.of("priority", "prority", "interfaceName", "interfacename", "vrid",
            "virtualAddresses", "x", ""));
        SplittableRandom random = new SplittableRandom(19);
        for (int n = 0; n < 200; n++) {
            words.add(random.ints(random.nextInt(12), 'a', 'e').collect(StringBuilder::new,
                StringBuilder::appendCodePoint, StringBuilder::append).toString());
        }
        for (int n = 0; n < 4000; n++) {
            String a = words.get(random.nextInt(words.size()));
            String b = words.get(random.nextInt(words.size()));
            int whole = wholeTable(a, b);
            assertThat(ConfigReader.distance(a, b)).as("%s/%s", a, b).isEqualTo(whole);
            int bound = random.nextInt(8);
            assertThat(ConfigReader.distance(a, b, bound)).as("%s/%s within %d", a, b, bound)
                .isEqualTo(Math.min(whole, bound + 1));
        }
    }

    /** The optimal string alignment distance over the whole table, as the reader computed it before it was bounded. */
    private static int wholeTable(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }

    private static String catchMessage(Runnable r) {
        try {
            r.run();
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        throw new AssertionError("not refused");
    }

    @Test
    void aRefusalNamesThePidAndANameBoundedAndEscaped() {
        assertThat(ConfigReader.refusal("org.vireo.x")).isEqualTo("configuration org.vireo.x refused: ");
        assertThat(ConfigReader.refusal("org.vireo.x", "", "")).isEqualTo("configuration org.vireo.x refused: ");
        assertThat(ConfigReader.refusal("org.vireo.x", "", "vip1")).isEqualTo("configuration org.vireo.x 'vip1' refused: ");
        assertThat(ConfigReader.refusal("org.vireo.x", "for instance", "a\tb" + "c".repeat(100)))
            .isEqualTo("configuration org.vireo.x for instance 'a\\u0009b" + "c".repeat(56) + "...' refused: ");
    }
}
