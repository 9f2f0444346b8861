package org.vireo.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ConfigValuesTest {

    private final List<String> errors = new ArrayList<>();

    @Test
    void absentOrBlankValuesTakeTheFallback() {
        Map<String, Object> raw = Map.of("blank", "  ");

        assertThat(ConfigValues.text(raw, "blank", "x")).isEqualTo("x");
        assertThat(ConfigValues.integer(raw, "n", 7, 1, 10, errors)).isEqualTo(7);
        assertThat(ConfigValues.bool(raw, "b", true, errors)).isTrue();
        assertThat(ConfigValues.list(raw, "l")).isEmpty();
        assertThat(errors).isEmpty();
    }

    @Test
    void badNumbersAreNamedWithWhatIsAccepted() {
        Map<String, Object> raw = Map.of("low", "0", "word", "many", "typed", 300);

        ConfigValues.integer(raw, "low", 5, 1, 10, errors);
        ConfigValues.integer(raw, "word", 5, 1, 10, "1-10 (10: most)", errors);
        ConfigValues.integer(raw, "typed", 5, 1, 255, errors);
        ConfigValues.integer(raw, "required", null, 1, 255, errors);

        assertThat(errors).containsExactly("low = 0: expected 1-10", "word = 'many': expected a whole number, 1-10 (10: most)",
            "typed = 300: expected 1-255", "required is missing: expected 1-255");
    }

    @Test
    void decimalsInTheirRangeElseNamedWithWhatIsAccepted() {
        Map<String, Object> raw = Map.of("ok", "0.25", "high", "2", "word", "half", "typed", 0.5);

        assertThat(ConfigValues.decimal(raw, "ok", 0.1, v -> v >= 0 && v <= 1, "0-1", errors)).isEqualTo(0.25);
        assertThat(ConfigValues.decimal(raw, "high", 0.1, v -> v >= 0 && v <= 1, "0-1", errors)).isEqualTo(0.1);
        assertThat(ConfigValues.decimal(raw, "word", 0.1, v -> v >= 0 && v <= 1, "0-1", errors)).isEqualTo(0.1);
        assertThat(ConfigValues.decimal(raw, "typed", 0.1, v -> v >= 0 && v <= 1, "0-1", errors)).isEqualTo(0.5);
        assertThat(ConfigValues.decimal(raw, "absent", 0.1, v -> false, "0-1", errors)).isEqualTo(0.1);

        assertThat(errors).containsExactly("high = '2': expected 0-1", "word = 'half': expected 0-1");
    }

    @Test
    void booleansAnyCaseAndNothingElse() {
        Map<String, Object> raw = Map.of("a", "TRUE", "b", "yes");

        assertThat(ConfigValues.bool(raw, "a", false, errors)).isTrue();
        assertThat(ConfigValues.bool(raw, "b", false, errors)).isFalse();
        assertThat(errors).containsExactly("b = 'yes': expected true or false");
    }

    @Test
    void listsFromACfgStringAnArrayOrACollection() {
        assertThat(ConfigValues.list(Map.of("k", " web, ,db "), "k")).containsExactly("web", "db");
        assertThat(ConfigValues.list(Map.of("k", new String[] {"a ", "b"}), "k")).containsExactly("a", "b");
        assertThat(ConfigValues.list(Map.of("k", List.of(1, 2)), "k")).containsExactly("1", "2");
    }

    /** A fuzz finding (RedirectOptions): a String[] where one value is read was shown as its identity hash. */
    @Test
    void aListWhereOneValueIsReadIsShownByItsItems() {
        ConfigValues.bool(Map.of("enabled", new String[] {"yes", "no"}), "enabled", false, errors);
        ConfigValues.integer(Map.of("port", List.of(1, 2)), "port", 80, 1, 9, errors);
        ConfigValues.integer(Map.of("port", new int[] {7}), "port", 80, 1, 9, errors);

        assertThat(errors).containsExactly("enabled = 'yes,no': expected true or false",
            "port = '1,2': expected a whole number, 1-9");
        assertThat(ConfigValues.text(Map.of("name", new String[] {" web "}), "name", "")).isEqualTo("web");
        assertThat(ConfigValues.untrimmed(Map.of("re", new String[] {" a", "b "}), "re")).isEqualTo(" a,b ");
        assertThat(ConfigValues.untrimmed(Map.of(), "re")).isEmpty();
        assertThat(ConfigValues.integer(Map.of("port", new int[] {7}), "port", 80, 1, 9, errors)).isEqualTo(7);
    }

    @Test
    void minusZeroIsZero() {
        double margin = ConfigValues.decimal(Map.of("margin", "-0"), "margin", 0.5, v -> v >= 0 && v <= 1, "0 to 1",
            errors);

        assertThat(errors).isEmpty();
        assertThat(Double.compare(margin, 0.0)).isZero();
        assertThat(String.valueOf(margin)).isEqualTo("0.0");
    }
}
