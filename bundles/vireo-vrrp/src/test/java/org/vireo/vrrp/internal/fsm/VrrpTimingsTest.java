package org.vireo.vrrp.internal.fsm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.vireo.vrrp.internal.fsm.ProtocolVersion.V2;
import static org.vireo.vrrp.internal.fsm.ProtocolVersion.V3;

import org.junit.jupiter.api.Test;

class VrrpTimingsTest {

    @Test
    void priority100WithOneSecondIntervalSkewsExactly609375Micros() {
        assertThat(VrrpTimings.skewTimeMicros(V3, 100, 100)).isEqualTo(609_375);
        assertThat(VrrpTimings.masterDownIntervalMicros(V3, 100, 100)).isEqualTo(3_609_375);
    }

    @Test
    void fractionsOfAMicrosecondAreFloored() {
        assertThat(VrrpTimings.skewTimeMicros(V3, 255, 100)).isEqualTo(3_906); // 3906.25
        assertThat(VrrpTimings.skewTimeMicros(V3, 1, 100)).isEqualTo(996_093); // 996093.75
        assertThat(VrrpTimings.skewTimeMicros(V3, 100, 50)).isEqualTo(304_687); // 304687.5
    }

    @Test
    void v3SkewScalesWithTheMasterInterval() {
        assertThat(VrrpTimings.skewTimeMicros(V3, 100, 200)).isEqualTo(1_218_750);
        assertThat(VrrpTimings.masterDownIntervalMicros(V3, 100, 200)).isEqualTo(7_218_750);
    }

    @Test
    void v2SkewIsAFractionOfOneSecondWhateverTheInterval() {
        assertThat(VrrpTimings.skewTimeMicros(V2, 100, 200)).isEqualTo(609_375);
        assertThat(VrrpTimings.masterDownIntervalMicros(V2, 100, 200)).isEqualTo(6_609_375);
    }

    @Test
    void priorityZeroSkewIsOneFullIntervalAndLargeValuesDoNotOverflow() {
        assertThat(VrrpTimings.skewTimeMicros(V3, 0, 100)).isEqualTo(1_000_000);
        assertThat(VrrpTimings.masterDownIntervalMicros(V3, 0, 4095)).isEqualTo(4 * 40_950_000L);
        assertThat(VrrpTimings.masterDownIntervalMicros(V2, 1, 25_500)).isEqualTo(765_000_000L + 996_093);
    }
}
