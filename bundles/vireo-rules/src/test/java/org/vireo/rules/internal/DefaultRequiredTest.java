package org.vireo.rules.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.vireo.rules.Verdict;

/** A rules file ends with its default: one that does not (empty, cut short) is refused, never an open proxy. */
@ExtendWith(RulesFixture.Resolver.class)
class DefaultRequiredTest {

    private static final String NO_DEFAULT = "rules.conf: no default at the end: expected the last statement to be "
        + "default allow or default block \"reason\" (a file without one may have been cut short)";
    private static final String LOCAL_ONLY = """
        # the shipped rules, as a node runs them
        rule local-clients allow client 10.0.0.0/8
        default block "this proxy serves the local networks only"
        """;

    private final RulesFixture rules;
    private final RulesComponent component = new RulesComponent();

    DefaultRequiredTest(RulesFixture rules) {
        this.rules = rules;
    }

    @AfterEach
    void stop() {
        component.deactivate();
    }

    @Test
    void anEmptyFileIsRefused() throws IOException {
        assertThat(rules.refused("")).containsExactly(NO_DEFAULT);
        assertThat(rules.refused("# only comments\n\n")).containsExactly(NO_DEFAULT);
    }

    @Test
    void aFileCutShortBeforeItsDefaultIsRefused() throws IOException {
        String cut = LOCAL_ONLY.substring(0, LOCAL_ONLY.indexOf("default"));

        assertThat(rules.refused(cut)).containsExactly(NO_DEFAULT);
    }

    @Test
    void aRuleAfterTheDefaultIsRefused() throws IOException {
        assertThat(rules.refused("default block \"no\"\n# late\nrule late allow\n")).containsExactly(
            "rules.conf:3: a rule after the default (line 1): expected the default as the last statement, after "
                + "every rule");
    }

    @Test
    void commentsAndBlankLinesMayFollowTheDefault() throws IOException {
        RuleSet set = rules.loaded(LOCAL_ONLY + "\n# end of file\n   \n");

        assertThat(set.fallback()).isEqualTo(new Verdict(false, null, "this proxy serves the local networks only"));
    }

    @Test
    void anEmptyFileWrittenOverTheRulesLeavesThemInForceAndTheProxyClosed() throws IOException {
        rules.file("rules.conf", LOCAL_ONLY);
        component.activate(Map.of("file", rules.directory().resolve("rules.conf").toString()));
        RuleSet before = component.current();

        rules.file("rules.conf", ""); // a truncated write
        component.reload();

        assertThat(component.current()).isSameAs(before);
        assertThat(component.lastRefusal()).get().asString().endsWith(NO_DEFAULT);
        assertThat(component.decide(RulesFixture.get("203.0.113.5", "http://example.com/")).allowed()).isFalse();
    }

    @Test
    void theValidatorRefusesAnEmptyFileSoItIsNeverReplicated() {
        RulesLoader loader = new RulesLoader(java.time.Clock.systemUTC());

        assertThat(loader.problems(rules.directory().resolve("rules.conf"), "".getBytes(StandardCharsets.UTF_8)))
            .get().extracting(refused -> refused.summary(5)).isEqualTo(NO_DEFAULT);
    }
}
