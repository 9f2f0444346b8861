package org.vireo.cluster.internal.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.config.DocumentValidator;

/** Which validator checks a replicated document, and what happens to a document none checks. */
class ReplicatedDocumentsTest {

    private static final byte[] CONTENT = "scanners = 10.0.0.21:3128\n".getBytes(StandardCharsets.UTF_8);
    private static final DocumentPatterns PATTERNS = new DocumentPatterns(
        List.of("org.vireo.balancer", "org.vireo.health.monitor~*", "org.vireo.scanner.proxy", "org.example.extra"),
        List.of("vireo/rules.conf", "vireo/lists/*.txt", "bench/*.txt"));

    @TempDir
    Path etc;

    private Validators validators = new Validators();

    /** Pure logic: ConfigurationAdmin is only reached to read and write documents, which these tests do not. */
    private ReplicatedDocuments documents() {
        return new ReplicatedDocuments(PATTERNS, null, etc, validators);
    }

    private void validator(String glob, DocumentValidator validator) {
        validators.add(validator, List.of(glob));
    }

    @Test
    void aVireoDocumentNoValidatorCoversIsRefusedNamingIt_soItIsNeitherSentNorApplied() {
        validator("pid:org.vireo.balancer", (id, content) -> Optional.empty());

        assertThat(documents().problem("pid:org.vireo.scanner.proxy", CONTENT)).hasValueSatisfying(p -> assertThat(p)
            .startsWith("no validator of pid:org.vireo.scanner.proxy on this node: config sync neither sends nor"
                + " applies a Vireo document it cannot check"));
        assertThat(documents().problem("file:vireo/lists/ads.txt", CONTENT)).isPresent();
    }

    @Test
    void onlyAPidWithoutAKeyIsBlank_anEmptyFileIsAFilesContent() {
        assertThat(documents().blank("pid:org.vireo.balancer", new byte[0])).isTrue();
        assertThat(documents().blank("pid:org.vireo.balancer", CONTENT)).isFalse();
        assertThat(documents().blank("file:vireo/lists/ads.txt", new byte[0])).isFalse();
    }

    @Test
    void aDocumentOfTheOperatorsOwnWithoutAValidatorIsReplicatedUnchecked() {
        assertThat(documents().problem("pid:org.example.extra", CONTENT)).isEmpty();
        assertThat(documents().problem("file:bench/42.txt", CONTENT)).isEmpty();
    }

    @Test
    void aCoveredDocumentIsCheckedByItsValidator_whichAlonePassesOrRefusesIt() {
        validator("pid:org.vireo.balancer", (id, content) -> Optional.of("configuration " + id + " refused: x"));
        validator("pid:org.vireo.health.monitor~*", (id, content) -> Optional.empty());

        assertThat(documents().problem("pid:org.vireo.balancer", CONTENT)).contains(
            "configuration pid:org.vireo.balancer refused: x");
        assertThat(documents().problem("pid:org.vireo.health.monitor~web", CONTENT)).isEmpty();
    }

    @Test
    void aRefusalKeepsItsErrorsOneByOne_andSaysThemInOneLine() {
        validator("file:vireo/*", new DocumentValidator() {
            @Override
            public Optional<String> problem(String id, byte[] content) {
                return Optional.of("rules.conf:1: a; rules.conf:2: b");
            }

            @Override
            public List<String> problems(String id, byte[] content) {
                return List.of("rules.conf:1: a", "rules.conf:2: b");
            }
        });

        assertThat(documents().problems("file:vireo/rules.conf", CONTENT)).containsExactly("rules.conf:1: a",
            "rules.conf:2: b");
        assertThat(documents().problem("file:vireo/rules.conf", CONTENT)).contains("rules.conf:1: a; rules.conf:2: b");
    }

    @Test
    void aValidatorThatThrowsRefusesTheDocument() {
        validator("file:vireo/*", (id, content) -> {
            throw new IllegalStateException("broken validator");
        });

        assertThat(documents().problem("file:vireo/rules.conf", CONTENT)).hasValueSatisfying(p -> assertThat(p)
            .isEqualTo("the validator of file:vireo/rules.conf failed: java.lang.IllegalStateException: broken"
                + " validator"));
    }

    @Test
    void thePatternsNoValidatorCoversAreListedWithWhatBecomesOfTheirDocuments_andOnlyThose() {
        validator("pid:org.vireo.balancer", (id, content) -> Optional.empty());
        validator("pid:org.vireo.health.monitor~*", (id, content) -> Optional.empty());
        validator("file:vireo/*", (id, content) -> Optional.empty());

        assertThat(documents().unvalidatedPatterns()).containsExactly(
            "pid:org.vireo.scanner.proxy (a Vireo document: refused, neither sent nor applied)",
            "pid:org.example.extra (not a Vireo document: replicated unchecked)",
            "file:bench/*.txt (not a Vireo document: replicated unchecked)");

        validators = new Validators();
        assertThat(documents().unvalidatedPatterns()).hasSize(7)
            .contains("file:vireo/lists/*.txt (a Vireo document: refused, neither sent nor applied)");
    }

    /** A file is replaced only if it still holds what was read before; either way no staged copy is left beside it. */
    @Test
    void aFileIsReplacedOnlyIfItStillHoldsWhatWasRead_andNoStagedCopyIsLeft() throws Exception {
        Files.createDirectories(etc.resolve("vireo"));
        Path rules = etc.resolve("vireo/rules.conf");
        byte[] edit = "rule mine allow domain a.example\n".getBytes(StandardCharsets.UTF_8);
        Files.write(rules, edit);

        boolean overEdit = documents().replace("file:vireo/rules.conf", Optional.of(CONTENT), Optional.of(CONTENT));
        boolean overRead = documents().replace("file:vireo/rules.conf", Optional.of(edit), Optional.of(CONTENT));

        assertThat(overEdit).isFalse();
        assertThat(overRead).isTrue();
        assertThat(rules).hasBinaryContent(CONTENT);
        try (var left = Files.list(etc.resolve("vireo"))) {
            assertThat(left).containsExactly(rules);
        }
    }
}
