package org.vireo.health.internal.track;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import org.vireo.config.testing.MetatypeAgreement;

/**
 * Configuration declared once: the PID's metatype (what the API's schema and ConfigurationAdmin's tools show) and the
 * parse its component runs agree on every key: name, default, type, options and bounds (MetatypeAgreement).
 */
class TrackMetatypeTest {

    /** The operators' reference of tracking (configuration.md points there). */
    private static final Path REFERENCE = Path.of("../../docs/tracking.md");

    @Test
    void tracking_metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of("org.vireo.health.track", TrackConfig.class, TrackOptions::parse).with("instance", "vip1")
            .documented(REFERENCE, "## Configuration: ").disagreements()).isEmpty();
    }
}
