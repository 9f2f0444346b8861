package org.vireo.vrrp;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class DropReasonTest {

    @Test
    void everyReasonHasItsOwnShortDescription() {
        assertThat(DropReason.values()).allSatisfy(reason -> assertThat(reason.description())
                .isNotBlank()
                .hasSizeLessThan(110)
                .doesNotEndWith("."));
        assertThat(Arrays.stream(DropReason.values()).map(DropReason::description).distinct())
                .hasSize(DropReason.values().length);
    }

    @Test
    void reasonsAreDeclaredInTheOrderOfTheReceivePath() {
        assertThat(DropReason.values()).containsExactly(
                DropReason.KERNEL_DROPPED,
                DropReason.TRUNCATED_FRAME,
                DropReason.NOT_VRRP,
                DropReason.MALFORMED_IP_HEADER,
                DropReason.IP_FRAGMENT,
                DropReason.IP_HEADER_CHECKSUM,
                DropReason.UNKNOWN_VRID,
                DropReason.OWN_ADDRESS,
                DropReason.NOT_A_PEER,
                DropReason.TTL_NOT_255,
                DropReason.WRONG_VERSION,
                DropReason.UNKNOWN_TYPE,
                DropReason.ADDRESS_FAMILY,
                DropReason.TRUNCATED,
                DropReason.CHECKSUM,
                DropReason.VRID_NOT_CONFIGURED,
                DropReason.LOCAL_ADDRESS_OWNER,
                DropReason.NO_ADDRESSES,
                DropReason.ZERO_ADVER_INTERVAL,
                DropReason.AUTH_TYPE_MISMATCH,
                DropReason.ADDRESS_LIST_MISMATCH,
                DropReason.ADVER_INTERVAL_MISMATCH);
    }
}
