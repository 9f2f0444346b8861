package org.vireo.vip.internal.announce;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import org.vireo.config.testing.MetatypeAgreement;

/**
 * Configuration declared once: each PID's metatype (what the API's schema and ConfigurationAdmin's tools show) and
 * the parse its component runs agree on every key: name, default, type, options and bounds (MetatypeAgreement).
 */
class AnnounceMetatypeTest {

    /** The operators' reference of every PID. */
    private static final Path REFERENCE = Path.of("../../docs/configuration.md");

    @Test
    void announcer_metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of("org.vireo.vip", AnnounceConfig.class, AnnounceOptions::parse).shipped(Path.of("../../config/org.vireo.vip.cfg"))
            .documented(REFERENCE).disagreements()).isEmpty();
    }
}
