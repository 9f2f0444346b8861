package org.vireo.api.internal.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import org.vireo.config.testing.MetatypeAgreement;

/**
 * Configuration declared once: the PID's metatype (what the API's schema and ConfigurationAdmin's tools show) and the
 * parse its component runs agree on every key: name, default, type, options and bounds (MetatypeAgreement).
 */
class WebMetatypeTest {

    /** The operators' reference of every PID. */
    private static final Path REFERENCE = Path.of("../../docs/configuration.md");

    @Test
    void https_metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of(WebOptions.PID, WebConfig.class, WebOptions::parse)
            .documented(REFERENCE).disagreements()).isEmpty();
    }
}
