package org.vireo.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;
import org.vireo.config.ConfigErrors;

/**
 * What the fuzz targets of the replicated PIDs share: the input is a {@code pid:} document's content as a peer
 * sends it and a validator receives it, decoded as config sync decodes it, then parsed by the PID's own parser.
 * Invariants: the validator never throws (a content it cannot read is its refusal); the parse has no refusal but
 * {@link IllegalArgumentException}, whose message is bounded whatever the input (the first
 * {@value ConfigErrors#KEPT} errors, each cut to {@value ConfigErrors#MAX_CHARS} characters, and a count); the
 * validator refuses exactly what the parse refuses, with its message; and parsing is deterministic.
 */
final class ReplicatedDocumentFuzzing {

    /** The refusal's own words (the PID's names, "and N more errors") around the errors kept. */
    static final int MESSAGE_OVERHEAD = 400;
    static final int MAX_MESSAGE = MESSAGE_OVERHEAD + ConfigErrors.KEPT * (ConfigErrors.MAX_CHARS + 2);

    private ReplicatedDocumentFuzzing() {
    }

    /**
     * @return the options the content parses to, or empty when it is refused (the invariants checked)
     */
    static <T> Optional<T> check(String document, byte[] content, DocumentValidator validator,
                                 Function<Map<String, Object>, T> parse) {
        Optional<String> problem = validator.problem(document, content);
        problem.ifPresent(p -> assertThat(p).hasSizeLessThanOrEqualTo(MAX_MESSAGE));
        Map<String, Object> properties;
        try {
            properties = ConfigurationText.properties(content);
        } catch (IllegalArgumentException unreadable) {
            assertThat(problem).as("a content config sync cannot read is refused").isPresent();
            return Optional.empty();
        }
        properties.put("service.pid", document.substring("pid:".length()));
        Outcome<T> first = Outcome.of(parse, properties);
        Outcome<T> second = Outcome.of(parse, properties);
        assertThat(second).as("deterministic").isEqualTo(first);
        assertThat(problem).as("the validator refuses what the parser refuses, with its message")
            .isEqualTo(Optional.ofNullable(first.refusal()));
        return Optional.ofNullable(first.options());
    }

    private record Outcome<T>(T options, String refusal) {

        static <T> Outcome<T> of(Function<Map<String, Object>, T> parse, Map<String, Object> properties) {
            try {
                return new Outcome<>(parse.apply(properties), null);
            } catch (IllegalArgumentException refused) {
                assertThat(refused.getMessage()).hasSizeLessThanOrEqualTo(MAX_MESSAGE);
                return new Outcome<>(null, refused.getMessage());
            }
        }
    }
}
