package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import org.vireo.config.testing.MetatypeAgreement;

/**
 * Configuration declared once: each PID's metatype (what the API's schema and ConfigurationAdmin's tools show) and
 * the parse its component runs agree on every key: name, default, type, options and bounds (MetatypeAgreement).
 */
class ProxyMetatypeTest {

    /** The operators' reference of the proxy's PID (configuration.md points there). */
    private static final Path REFERENCE = Path.of("../../docs/scanner.md");

    @Test
    void proxy_metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of(ProxyOptions.PID, ProxyConfig.class, ProxyOptions::parse)
            .documented(REFERENCE).disagreements()).isEmpty();
    }
}
