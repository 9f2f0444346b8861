package org.vireo.rules.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(RulesFixture.Resolver.class)
class RulesLoaderTest {

    private static final String RULES = """
        rule ads  block "ads" domain-list ads.txt
        rule cats block "cats" category adult domain-list lists/adult.txt
        default allow
        """;

    private final RulesFixture rules;
    private final Path directory;

    RulesLoaderTest(RulesFixture rules) throws IOException {
        this.rules = rules.file("ads.txt", "a.example\nb.example\na.example\n")
            .file("lists/adult.txt", "adult.example\n");
        this.directory = rules.directory();
    }

    @Test
    void aRuleSetCarriesItsSourceLoadTimeAndListSizes() throws IOException {
        RuleSet set = rules.loaded(RULES);

        assertThat(set.source()).isEqualTo(directory.resolve("rules.conf"));
        assertThat(set.loadedAt()).isEqualTo(RulesFixture.NOW);
        assertThat(set.contentHash()).matches("[0-9a-f]{64}");
        assertThat(set.lists()).extracting(RuleSet.ListInfo::name, RuleSet.ListInfo::entries, RuleSet.ListInfo::file)
            .containsExactly(
                org.assertj.core.groups.Tuple.tuple("ads.txt", 2, directory.resolve("ads.txt")),
                org.assertj.core.groups.Tuple.tuple("category adult", 1, directory.resolve("lists/adult.txt")));
        assertThat(set.lists()).allSatisfy(list -> assertThat(list.memoryBytes()).isPositive());
    }

    @Test
    void theHashIsTheSameForTheSameFilesAndChangesWithAnyOfThem() throws IOException {
        String first = rules.loaded(RULES).contentHash();
        String again = rules.loaded(RULES).contentHash();
        rules.file("lists/adult.txt", "adult.example\nmore.example\n");
        String listChanged = rules.loaded(RULES).contentHash();
        String rulesChanged = rules.loaded(RULES.replace("default allow", "default block")).contentHash();

        assertThat(again).isEqualTo(first);
        assertThat(listChanged).isNotEqualTo(first);
        assertThat(rulesChanged).isNotIn(first, listChanged);
    }

    @Test
    void aProposedRulesFileIsCheckedAgainstTheListsBesideItWithoutLoadingIt() {
        RulesLoader loader = new RulesLoader(java.time.Clock.fixed(RulesFixture.NOW, java.time.ZoneOffset.UTC));
        Path file = directory.resolve(RulesLoader.RULES_FILE);

        assertThat(loader.problems(file, RULES.getBytes(java.nio.charset.StandardCharsets.UTF_8))).isEmpty();
        assertThat(loader.problems(file, "rule x block \"x\" domain-list missing.txt\ndefault allow\n"
            .getBytes(java.nio.charset.StandardCharsets.UTF_8))).get()
            .extracting(RulesLoadResult.Refused::errors).asList()
            .singleElement().asString().contains("missing.txt").contains("no such file");
    }
}
