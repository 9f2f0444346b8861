package org.vireo.vrrp.internal.instance;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TrackingWarningTest {

    @Test
    void aTrackedInstanceWithPreemptOffIsWarnedAboutNamingTheMode() {
        assertThat(TrackingWarning.of("ALL", false)).hasValueSatisfying(w -> assertThat(w)
            .contains("mode ALL", "preempt off", "only to backups that preempt"));
        assertThat(TrackingWarning.of("PROGRESSIVE", false)).isPresent();
    }

    @Test
    void preemptOnOrNoTrackingNeedsNoWarning() {
        assertThat(TrackingWarning.of("ALL", true)).isEmpty();
        assertThat(TrackingWarning.of("NONE", false)).isEmpty();
        assertThat(TrackingWarning.of(null, false)).isEmpty();
    }
}
