package org.vireo.vrrp.internal.instance;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import org.vireo.config.testing.MetatypeAgreement;

/**
 * Configuration declared once: each PID's metatype (what the API's schema and ConfigurationAdmin's tools show) and
 * the parse its component runs agree on every key: name, default, type, options and bounds (MetatypeAgreement).
 */
class InstanceMetatypeTest {

    /** The operators' reference of every PID. */
    private static final Path REFERENCE = Path.of("../../docs/configuration.md");

    @Test
    void instance_metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of("org.vireo.vrrp.instance", InstanceConfig.class, InstanceOptions::parse).with("name", "vip1").with("vrid", "51").with("virtualAddresses", "10.77.0.51")
            .when("addressFamily", "ipv6", "virtualAddresses=fd00::51")
            .documented(REFERENCE).disagreements()).isEmpty();
    }
}
