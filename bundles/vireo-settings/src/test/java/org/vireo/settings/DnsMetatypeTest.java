package org.vireo.settings;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The DNS responder's two PIDs and their metatypes agree on every key; the shipped files hold only those (PidPair). */
class DnsMetatypeTest {

    @Test
    void clusterWide_metatypeAndParseAgree() {
        assertThat(PidPair.disagreements(DnsOptions.PID, DnsConfig.class, DnsOptions.LOCAL_PID, DnsLocalConfig.class,
            DnsOptions::parse)).isEmpty();
    }

    @Test
    void thisNodes_metatypeAndParseAgree() {
        assertThat(PidPair.disagreements(DnsOptions.LOCAL_PID, DnsLocalConfig.class, DnsOptions.PID, DnsConfig.class,
            DnsOptions::parse)).isEmpty();
    }
}
