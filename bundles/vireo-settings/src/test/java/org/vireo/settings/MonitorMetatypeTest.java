package org.vireo.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import org.vireo.config.testing.MetatypeAgreement;

/**
 * Configuration declared once: the PID's metatype (what the API's schema and ConfigurationAdmin's tools show) and the
 * parse its component runs agree on every key: name, default, type, options and bounds (MetatypeAgreement).
 */
class MonitorMetatypeTest {

    /** The operators' reference of the monitors (configuration.md points there). */
    private static final Path REFERENCE = Path.of("../../docs/health.md");

    @Test
    void monitor_metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of(MonitorOptions.FACTORY_PID, MonitorConfig.class, MonitorOptions::parse)
            .with("name", "web").with("type", "tcp").with("host", "10.0.0.5").with("port", "8080")
            // each type reads its own keys, and refuses another type's
            .when("type", "http", "host=", "port=", "url=http://10.0.0.5:8080/health")
            .when("type", "link", "host=", "port=", "interface=eth0")
            .when("type", "command", "host=", "port=", "command=/bin/true")
            .documented(REFERENCE, "## Monitors").disagreements()).isEmpty();
    }
}
