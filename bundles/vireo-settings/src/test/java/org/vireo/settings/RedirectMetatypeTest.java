package org.vireo.settings;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import org.vireo.config.testing.MetatypeAgreement;

/**
 * Configuration declared once: the redirect balancer's two PIDs (cluster-wide and this node's, which DS merges and
 * one parse reads) and their metatypes agree on every key, and the shipped files hold only those keys
 * (MetatypeAgreement).
 */
class RedirectMetatypeTest {

    /** The operators' reference of every PID. */
    private static final Path REFERENCE = Path.of("../../docs/configuration.md");

    private static Set<String> keysOf(String pid, Class<?> ocd) {
        return MetatypeAgreement.of(pid, ocd, c -> c).attributes().stream().map(MetatypeAgreement.Attribute::id)
            .collect(Collectors.toSet());
    }

    @Test
    void clusterWide_metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of(RedirectOptions.PID, RedirectConfig.class, RedirectOptions::parse)
            .alsoReads(keysOf(RedirectOptions.LOCAL_PID, RedirectLocalConfig.class))
            .shipped(Path.of("../../config/org.vireo.srv.redirect.cfg")).documented(REFERENCE).disagreements()).isEmpty();
    }

    @Test
    void thisNodes_metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of(RedirectOptions.LOCAL_PID, RedirectLocalConfig.class, RedirectOptions::parse)
            .alsoReads(keysOf(RedirectOptions.PID, RedirectConfig.class))
            .shipped(Path.of("../../config/org.vireo.srv.redirect.local.cfg")).documented(REFERENCE).disagreements()).isEmpty();
    }
}
