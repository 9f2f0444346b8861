package org.vireo.api.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import org.vireo.config.testing.MetatypeAgreement;

/**
 * Configuration declared once: the PID's metatype (what the API's schema and ConfigurationAdmin's tools show) and the
 * parse its component runs agree on every key: name, default, type, options and bounds (MetatypeAgreement).
 */
class SecurityMetatypeTest {

    /** The operators' reference of every PID. */
    private static final Path REFERENCE = Path.of("../../docs/configuration.md");

    @Test
    void logins_metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of(SecurityOptions.PID, SecurityConfig.class, SecurityOptions::parse)
            .documented(REFERENCE).disagreements()).isEmpty();
    }
}
