package org.vireo.balancer.internal.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import org.vireo.config.testing.MetatypeAgreement;

/**
 * Configuration declared once: the balancer's node-local PID's metatype (what the API's schema and ConfigurationAdmin's
 * tools show) and the parse the balancer runs agree on every key: name, default, type, options and bounds, and the file
 * the distribution ships holds only those keys (MetatypeAgreement). The cluster-wide PID's is vireo-settings'
 * BalancerMetatypeTest.
 */
class LocalMetatypeTest {

    /** The operators' reference of every PID. */
    private static final Path REFERENCE = Path.of("../../docs/configuration.md");

    @Test
    void thisNodesPart_metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of(LocalOptions.PID, LocalConfig.class, LocalOptions::parse)
            .shipped(Path.of("../../config/org.vireo.balancer.local.cfg")).documented(REFERENCE).disagreements()).isEmpty();
    }
}
