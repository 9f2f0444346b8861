package org.vireo.cluster.internal.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class EntityTagsTest {

    private static final Optional<String> CURRENT = Optional.of("1796395620446.0@n2");

    private static EntityTags.Condition ifMatch(String header) {
        return EntityTags.condition(List.of(header), null).orElseThrow();
    }

    @Test
    void aWriteWithoutIfMatchOrIfNoneMatchHasNoCondition() {
        assertThat(EntityTags.condition(null, null)).isEmpty();
        assertThat(EntityTags.condition(List.of(), List.of(" "))).isEmpty();
    }

    @Test
    void theCurrentVersionAmongTheTagsIsWhatTheWriteExpects() {
        assertThat(ifMatch("\"1796395620446.0@n2\"").expected(CURRENT)).isEqualTo(CURRENT);
        assertThat(ifMatch("\"local:ab\", \"1796395620446.0@n2\"").expected(CURRENT)).isEqualTo(CURRENT);
        assertThat(EntityTags.condition(List.of("\"x\"", "\"1796395620446.0@n2\""), null).orElseThrow()
            .expected(CURRENT)).isEqualTo(CURRENT);
    }

    @Test
    void anotherVersion_aWeakTag_orADocumentThatIsNotThere_expectsWhatItIsNot() {
        assertThat(ifMatch("\"1.0@n1\"").expected(CURRENT)).contains("1.0@n1");
        assertThat(ifMatch("W/\"1796395620446.0@n2\"").expected(CURRENT)).contains("W/1796395620446.0@n2");
        assertThat(ifMatch("*").expected(CURRENT)).isEqualTo(CURRENT);
        assertThat(ifMatch("*").expected(Optional.empty())).contains("*");
    }

    @Test
    void ifNoneMatchStarExpectsNoDocument() {
        assertThat(EntityTags.condition(null, List.of("*")).orElseThrow().expected(CURRENT)).isEmpty();
    }

    @Test
    void anUnquotedTagOrAnotherIfNoneMatchIsRefusedSayingWhatWouldDo() {
        assertThatThrownBy(() -> ifMatch("1796395620446.0@n2")).hasMessageContaining("expected the ETag a read gave,"
            + " quoted, e.g. If-Match: \"1796395620446.0@n2\"");
        assertThatThrownBy(() -> ifMatch("\"a\" \"b\"")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> EntityTags.condition(null, List.of("\"x\""))).hasMessageContaining("only * is accepted");
        assertThatThrownBy(() -> EntityTags.condition(List.of("\"x\""), List.of("*"))).hasMessageContaining("alone");
    }

    @Test
    void aVersionIsSentAsAStrongTag() {
        assertThat(EntityTags.quote("local:ab")).isEqualTo("\"local:ab\"");
    }
}
