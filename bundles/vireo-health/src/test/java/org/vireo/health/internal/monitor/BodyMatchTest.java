package org.vireo.health.internal.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class BodyMatchTest {

    @Test
    void aPatternIsFoundAnywhereInTheBodyOrNot() {
        Pattern p = Pattern.compile("status:\\s*ok");

        assertThat(BodyMatch.find(p, "{\"status\":  ok}".replace("\"status\"", "status"))).isEqualTo(
            BodyMatch.Outcome.FOUND);
        assertThat(BodyMatch.find(p, "status: degraded")).isEqualTo(BodyMatch.Outcome.NOT_FOUND);
        assertThat(BodyMatch.find(p, "")).isEqualTo(BodyMatch.Outcome.NOT_FOUND);
        assertThat(BodyMatch.find(Pattern.compile("ok$"), "x".repeat(64 * 1024) + "ok"))
            .isEqualTo(BodyMatch.Outcome.FOUND);
    }

    /**
     * Java's engine copes with the textbook {@code (a+)+b}; nested unbounded repeats of {@code .*} it does not (a
     * 20th power of the body's length here). The timeout only guards the build against the hang this prevents.
     */
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aPatternThatBacktracksCatastrophicallyGivesUpInsteadOfHoldingTheThread() {
        assertThat(BodyMatch.find(Pattern.compile("(.*a){20}"), "a".repeat(19) + "b".repeat(1000)))
            .isEqualTo(BodyMatch.Outcome.GAVE_UP);
    }
}
