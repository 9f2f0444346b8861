package org.vireo.metrics.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import org.vireo.config.testing.MetatypeAgreement;

/** Configuration declared once: org.vireo.metrics' metatype and the parse the endpoint runs agree on every key. */
class MetricsMetatypeTest {

    /** The operators' reference of every PID. */
    private static final Path REFERENCE = Path.of("../../docs/configuration.md");

    @Test
    void theMetatypeAndTheParseAgree() {
        assertThat(MetatypeAgreement.of(MetricsOptions.PID, MetricsConfig.class, MetricsOptions::parse)
            .documented(REFERENCE).disagreements()).isEmpty();
    }
}
