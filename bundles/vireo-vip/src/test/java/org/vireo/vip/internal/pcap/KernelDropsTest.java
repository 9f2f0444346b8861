package org.vireo.vip.internal.pcap;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** libpcap's drop count is a running 32-bit total; what is counted is its growth. */
class KernelDropsTest {

    @Test
    void theGrowthOfTheTotalIsWhatWasDroppedSinceTheLastLook() {
        assertThat(PcapReader.increase(0, 0)).isZero();
        assertThat(PcapReader.increase(40, 1_040)).isEqualTo(1_000);
    }

    @Test
    void aTotalThatWrappedPastTwoToThe32CountsOnlyWhatCame() {
        assertThat(PcapReader.increase(0xffff_fff0L, 0x10L)).isEqualTo(0x20);
    }
}
