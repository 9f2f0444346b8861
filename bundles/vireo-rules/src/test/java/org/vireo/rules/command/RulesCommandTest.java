package org.vireo.rules.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.rules.internal.ActivatedRules;
import org.vireo.testkit.ShellOutput;

class RulesCommandTest {

    @TempDir
    Path folder;

    private String show(ActivatedRules rules) throws Exception {
        RulesCommand command = new RulesCommand();
        command.rules = rules.component();
        return ShellOutput.of(command::execute);
    }

    @Test
    void showsTheFileTheRulesAndTheLists() throws Exception {
        Files.createDirectories(folder.resolve("lists"));
        Files.writeString(folder.resolve("lists/adult.txt"), "adult.example\nmore.example\n");
        Files.writeString(folder.resolve("rules.conf"), """
            rule lab allow client 10.1.0.0/16 domain .lab.example
            rule adult block "adult content" category adult
            default block "not on the list"
            """);
        try (ActivatedRules rules = new ActivatedRules(folder.resolve("rules.conf"))) {
            String output = show(rules);

            assertThat(output).contains("File:      " + folder.resolve("rules.conf"))
                .contains("SHA-256:   " + rules.component().current().contentHash())
                .contains("Rules:     2")
                .contains("Default:   block (the default): not on the list")
                .containsPattern("1 \\| lab +\\| allow +\\| +\\| client 10.1.0.0/16 domain .lab.example")
                .containsPattern("2 \\| adult +\\| block +\\| adult content \\| category adult")
                .containsPattern("category adult \\| " + folder.resolve("lists/adult.txt") + " +\\| +2 \\|")
                .doesNotContain("refused");
        }
    }

    @Test
    void saysWhyTheLastReloadWasRefusedUntilAFileLoads() throws Exception {
        Path file = folder.resolve("rules.conf");
        Files.writeString(file, "rule ads block domain ads.example\ndefault allow\n");
        try (ActivatedRules rules = new ActivatedRules(file)) {
            Files.writeString(file, "rule ads block domain ads.example\nrule ads allow\ndefault allow\n");
            rules.reload();

            assertThat(show(rules)).contains("Rules:     1").contains("Last reload refused: ")
                .contains("rule name 'ads' is already used on line 1");

            Files.writeString(file, "rule ads block domain ads.example\nrule other allow\ndefault allow\n");
            rules.reload();

            assertThat(show(rules)).contains("Rules:     2").doesNotContain("refused");
        }
    }

    @Test
    void aFileOfManyBadLinesShowsItsFirstErrorsAndHowManyMore() throws Exception {
        Path file = folder.resolve("rules.conf");
        Files.writeString(file, "rule ads block domain ads.example\ndefault allow\n");
        try (ActivatedRules rules = new ActivatedRules(file)) {
            Files.writeString(file, "rule r block port x\n".repeat(10_000) + "default allow\n");
            rules.reload();

            String shown = show(rules);
            assertThat(shown).contains("Rules:     1").contains("rules.conf:10: port x: expected a port")
                .doesNotContain("rules.conf:11:").contains("; and 9990 more errors").hasSizeLessThan(10_000);
        }
    }
}
