package org.vireo.vip.internal.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The age of a received frame that the instances' timers may count from. */
class ArrivalAgeTest {

    @Test
    void aFrameThatWaitedCountsFromItsArrival() {
        assertThat(PcapLink.arrivalAge(0)).isZero();
        assertThat(PcapLink.arrivalAge(8_500)).isEqualTo(8_500);
        assertThat(PcapLink.arrivalAge(1_000_000)).isEqualTo(1_000_000);
    }

    @Test
    void anAgeFromASteppedWallClockIsIgnoredRatherThanTriggeringATakeover() {
        assertThat(PcapLink.arrivalAge(-3_000)).isZero();
        assertThat(PcapLink.arrivalAge(1_000_001)).isZero();
        assertThat(PcapLink.arrivalAge(3_600_000_000L)).isZero();
    }
}
