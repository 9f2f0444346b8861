package org.vireo.node.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import org.vireo.config.testing.MetatypeAgreement;

/**
 * Configuration declared once: each PID's metatype (what the API's schema and ConfigurationAdmin's tools show) and
 * the parse its component runs agree on every key: name, default, type, options and bounds (MetatypeAgreement).
 */
class NodeMetatypeTest {

    /** The operators' reference of every PID. */
    private static final Path REFERENCE = Path.of("../../docs/configuration.md");

    @Test
    void node_metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of("org.vireo.node", NodeConfig.class, NodeComponent::parse)
            // what the descriptions say: unset, the role comes from the environment at the first start, and a node
            // given a role scans only if told so
            .unsetMeans("role", "VIREO_ROLE at the first start, else director that also scans")
            .unsetMeans("alsoScan", "true when no role is given, else false").shipped(Path.of("../../config/org.vireo.node.cfg"))
            .documented(REFERENCE).disagreements()).isEmpty();
    }
}
