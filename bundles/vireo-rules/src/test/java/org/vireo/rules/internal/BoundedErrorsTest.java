package org.vireo.rules.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.openjdk.jol.info.GraphLayout;

/**
 * A rules file or list of a million bad lines is refused with its first errors and a count of the rest: the message
 * and what the refusal keeps are bounded, whatever the file's size (a node once printed 87 MB and grew by 3 GB).
 */
@ExtendWith(RulesFixture.Resolver.class)
class BoundedErrorsTest {

    private static final int LINES = 1_000_000;
    /** Ten messages of at most 600 characters and the words around them. */
    private static final int MAX_MESSAGE = Problems.KEPT * (Problems.MAX_MESSAGE + 2) + 200;
    /** What a refusal of ten messages retains: their characters and a few small objects; not a byte per line. */
    private static final long MAX_RETAINED = 32 * 1024;

    private final RulesFixture rules;

    BoundedErrorsTest(RulesFixture rules) {
        this.rules = rules;
    }

    @Test
    void aMillionBadRulesKeepTheFirstTenErrorsAndCountTheRest() throws IOException {
        try (Writer out = Files.newBufferedWriter(rules.directory().resolve("rules.conf"))) {
            for (int i = 0; i < LINES; i++) {
                out.write("rule r" + i + " block port http" + i + "\n");
            }
            out.write("default allow\n");
        }

        RulesLoadResult.Refused refused = refusedAsLoaded();

        assertThat(refused.errors()).hasSize(Problems.KEPT)
            .startsWith("rules.conf:1: port http0: expected a port 1-65535 or a range such as 8000-8999");
        assertThat(refused.more()).isEqualTo(LINES - Problems.KEPT);
        assertThat(refused.message()).endsWith("; and 999990 more errors").hasSizeLessThan(MAX_MESSAGE);
        assertThat(retained(refused)).isLessThan(MAX_RETAINED);
    }

    @Test
    void aMillionBadListLinesAndLongValuesAreBoundedToo() throws IOException {
        try (Writer out = Files.newBufferedWriter(rules.directory().resolve("bad.txt"))) {
            for (int i = 0; i < LINES; i++) {
                out.write("bad!" + i + "\n");
            }
        }
        String longValue = "x".repeat(100_000);
        rules.file("rules.conf", "rule a block domain-list bad.txt\nrule " + longValue + " allow\n"
            + "rule b block domain " + longValue + "!\ndefault allow\n");

        RulesLoadResult.Refused refused = refusedAsLoaded();

        assertThat(refused.errors()).hasSize(Problems.KEPT).allSatisfy(error ->
            assertThat(error).startsWith("bad.txt:").hasSizeLessThanOrEqualTo(Problems.MAX_MESSAGE));
        assertThat(refused.more()).isEqualTo(LINES + 2 - Problems.KEPT);
        assertThat(refused.message()).hasSizeLessThan(MAX_MESSAGE);
        assertThat(retained(refused)).isLessThan(MAX_RETAINED);
    }

    @Test
    void theValidatorShowsTheFirstFiveAndHowManyMore() {
        byte[] content = ("rule r block port x\n".repeat(12) + "default allow\n").getBytes(StandardCharsets.UTF_8);

        RulesLoadResult.Refused refused = new RulesLoader(java.time.Clock.systemUTC())
            .problems(rules.directory().resolve("rules.conf"), content).orElseThrow();

        assertThat(refused.errors()).hasSize(Problems.KEPT);
        assertThat(refused.summary(5)).startsWith("rules.conf:1: port x: expected a port")
            .endsWith("; and 7 more errors");
        assertThat(refused.lines(5)).hasSize(6).endsWith("and 7 more errors").first().asString()
            .startsWith("rules.conf:1: port x: expected a port");
        assertThat(String.join("; ", refused.lines(5))).isEqualTo(refused.summary(5));
    }

    /** The heap the refusal holds: its messages and path (JOL 0.17 cannot lay out a record itself: its fields). */
    private static long retained(RulesLoadResult.Refused refused) {
        return GraphLayout.parseInstance(refused.errors(), refused.file()).totalSize() + Long.BYTES;
    }

    private RulesLoadResult.Refused refusedAsLoaded() {
        RulesLoadResult result = new RulesLoader(java.time.Clock.systemUTC()).loadDirectory(rules.directory());
        assertThat(result).isInstanceOf(RulesLoadResult.Refused.class);
        return (RulesLoadResult.Refused) result;
    }
}
