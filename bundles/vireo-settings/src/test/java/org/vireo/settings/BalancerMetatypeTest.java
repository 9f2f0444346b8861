package org.vireo.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import org.vireo.config.testing.MetatypeAgreement;

/**
 * Configuration declared once: the balancer's cluster-wide PID's metatype (what the API's schema and
 * ConfigurationAdmin's tools show) and the parse the balancer runs agree on every key: name, default, type, options
 * and bounds, and the file the distribution ships holds only those keys (MetatypeAgreement). The node-local PID's is
 * vireo-balancer's LocalMetatypeTest.
 */
class BalancerMetatypeTest {

    /** The operators' reference of every PID. */
    private static final Path REFERENCE = Path.of("../../docs/configuration.md");

    @Test
    void theTable_metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of(BalancerOptions.PID, BalancerConfig.class, BalancerOptions::parse)
            .shipped(Path.of("../../config/org.vireo.balancer.cfg")).documented(REFERENCE).disagreements()).isEmpty();
    }
}
