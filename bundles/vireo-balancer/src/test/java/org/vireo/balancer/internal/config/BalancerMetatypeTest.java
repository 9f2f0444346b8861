package org.vireo.balancer.internal.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import org.vireo.config.testing.MetatypeAgreement;
import org.vireo.settings.BalancerOptions;

/**
 * Configuration declared once: the balancer's PIDs' metatypes (what the API's schema and ConfigurationAdmin's tools
 * show) and the parses the balancer runs agree on every key: name, default, type, options and bounds, and the files
 * the distribution ships hold only those keys (MetatypeAgreement).
 */
class BalancerMetatypeTest {

    /** The operators' reference of every PID. */
    private static final Path REFERENCE = Path.of("../../docs/configuration.md");

    @Test
    void theTable_metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of(BalancerOptions.PID, BalancerConfig.class, BalancerOptions::parse)
            .shipped(Path.of("../../config/org.vireo.balancer.cfg")).documented(REFERENCE).disagreements()).isEmpty();
    }

    @Test
    void thisNodesPart_metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of(LocalOptions.PID, LocalConfig.class, LocalOptions::parse)
            .shipped(Path.of("../../config/org.vireo.balancer.local.cfg")).documented(REFERENCE).disagreements()).isEmpty();
    }
}
