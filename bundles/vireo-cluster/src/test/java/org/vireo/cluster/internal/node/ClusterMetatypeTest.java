package org.vireo.cluster.internal.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.vireo.cluster.internal.channel.ChannelSettings;
import org.vireo.config.ConfigReader;
import org.vireo.config.testing.MetatypeAgreement;

/**
 * Configuration declared once: org.vireo.cluster's metatype and the two parses of the PID, config sync's and the
 * channel's (as the component runs them on one merged reader), agree on every key, and the shipped file holds only
 * those keys (MetatypeAgreement).
 */
class ClusterMetatypeTest {

    /** The operators' reference of every PID. */
    private static final Path REFERENCE = Path.of("../../docs/configuration.md");

    private static Object bothParses(Map<String, ?> config) {
        ConfigReader merged = ConfigReader.merged(config);
        List<Object> parsed = List.of(SyncOptions.parse(merged, "/tmp/etc"), ChannelSettings.parse(merged, "/tmp/etc"));
        merged.refuseUnknownKeys(ConfigReader.refusal(SyncOptions.PID));
        return parsed;
    }

    @Test
    void membership_metatypeAndParsesAgree() {
        assertThat(MetatypeAgreement.of(SyncOptions.PID, ClusterConfig.class, ClusterMetatypeTest::bothParses)
            .unsetMeans("truststore", "the keystore")
            .unsetMeans("truststorePassword", "the keystore's password")
            .shipped(Path.of("../../config/org.vireo.cluster.cfg")).documented(REFERENCE).disagreements()).isEmpty();
    }
}
