package org.vireo.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConfigErrorsTest {

    @Test
    void givenMoreErrorsThanAreKept_thenTheFirstAreSpelledOutAndTheRestCounted() {
        ConfigErrors errors = new ConfigErrors();
        for (int i = 0; i < 10_005; i++) {
            errors.add("e" + i);
        }

        assertThat(errors).hasSize(ConfigErrors.KEPT).startsWith("e0", "e1").endsWith("e9");
        assertThat(errors.total()).isEqualTo(10_005);
        assertThat(errors.joined()).isEqualTo("e0; e1; e2; e3; e4; e5; e6; e7; e8; e9; and 9,995 more");
    }

    @Test
    void givenOneHugeError_thenItIsCutAndItsControlCharactersEscaped() {
        ConfigErrors errors = new ConfigErrors();
        errors.add("bad\u0000\u0007 " + "x".repeat(1_000_000));

        assertThat(errors.get(0)).startsWith("bad\\u0000\\u0007 xx").endsWith("...")
            .hasSize(ConfigErrors.MAX_CHARS + 3);
    }

    @Test
    void aCutNeverSplitsASurrogatePair() {
        String emoji = "\uD83D\uDE00";

        assertThat(ConfigErrors.shorten("a" + emoji, 2)).isEqualTo("a...");
        assertThat(ConfigErrors.shorten("a" + emoji, 3)).isEqualTo("a" + emoji);
    }

    @Test
    void includingAnotherCollectionCarriesItsCount() {
        ConfigErrors first = new ConfigErrors();
        first.add("key problem");
        ConfigErrors values = new ConfigErrors();
        for (int i = 0; i < 12; i++) {
            values.add("v" + i);
        }

        first.include(values);

        assertThat(first.total()).isEqualTo(13);
        assertThat(first.joined()).startsWith("key problem; v0; ").endsWith("v8; and 3 more");
    }
}
