package org.vireo.vrrp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class DropTallyTest {

    @Test
    void countsEachReasonAndShowsOnlyTheCountedOnesInReceivePathOrder() {
        // given
        DropTally tally = new DropTally();

        // when
        tally.record(DropReason.IP_HEADER_CHECKSUM);
        tally.record(DropReason.UNKNOWN_VRID);
        tally.record(DropReason.UNKNOWN_VRID);
        tally.add(DropReason.KERNEL_DROPPED, 40);
        tally.add(DropReason.TRUNCATED_FRAME, 0);

        // then
        assertThat(tally.count(DropReason.UNKNOWN_VRID)).isEqualTo(2);
        assertThat(tally.total()).isEqualTo(43);
        assertThat(tally.nonZero()).containsExactly(
            java.util.Map.entry(DropReason.KERNEL_DROPPED, 40L),
            java.util.Map.entry(DropReason.IP_HEADER_CHECKSUM, 1L),
            java.util.Map.entry(DropReason.UNKNOWN_VRID, 2L));
        assertThat(tally.snapshot()).containsOnlyKeys(DropReason.values()).containsEntry(DropReason.NOT_VRRP, 0L);
    }

    @Test
    void aCountNeverGoesDown() {
        assertThatThrownBy(() -> new DropTally().add(DropReason.KERNEL_DROPPED, -1))
            .isInstanceOf(IllegalArgumentException.class);
    }
}
