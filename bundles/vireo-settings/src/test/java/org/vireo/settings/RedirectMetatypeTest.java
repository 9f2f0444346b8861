package org.vireo.settings;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Configuration declared once: the redirect balancer's two PIDs (cluster-wide and this node's, which DS merges and
 * one parse reads) and their metatypes agree on every key, and the shipped files hold only those keys (PidPair).
 */
class RedirectMetatypeTest {

    @Test
    void clusterWide_metatypeAndParseAgree() {
        assertThat(PidPair.disagreements(RedirectOptions.PID, RedirectConfig.class, RedirectOptions.LOCAL_PID,
            RedirectLocalConfig.class, RedirectOptions::parse)).isEmpty();
    }

    @Test
    void thisNodes_metatypeAndParseAgree() {
        assertThat(PidPair.disagreements(RedirectOptions.LOCAL_PID, RedirectLocalConfig.class, RedirectOptions.PID,
            RedirectConfig.class, RedirectOptions::parse)).isEmpty();
    }
}
