package org.vireo.vrrp.internal.protoerror;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.internal.protoerror.ProtocolErrorLimiter.Report;

class ProtocolErrorLimiterTest {

    private final ProtocolErrorLimiter limiter = new ProtocolErrorLimiter();

    private static long seconds(double s) {
        return (long) (s * TimeUnit.SECONDS.toNanos(1));
    }

    @Test
    void theFirstDropIsReportedAtOnce_theNextOnesOnceTenSecondsHavePassed_withTheirCount() {
        assertThat(limiter.observe("a", Map.of(DropReason.CHECKSUM, 1L), seconds(0)))
            .containsExactly(new Report("a", DropReason.CHECKSUM, 1));
        assertThat(limiter.observe("a", Map.of(DropReason.CHECKSUM, 4L), seconds(1))).isEmpty();
        assertThat(limiter.observe("a", Map.of(DropReason.CHECKSUM, 9L), seconds(9.9))).isEmpty();

        assertThat(limiter.observe("a", Map.of(DropReason.CHECKSUM, 9L), seconds(10)))
            .containsExactly(new Report("a", DropReason.CHECKSUM, 8));
        assertThat(limiter.observe("a", Map.of(DropReason.CHECKSUM, 9L), seconds(30))).isEmpty();
        // quiet for longer than the interval: the next drop is told at once
        assertThat(limiter.observe("a", Map.of(DropReason.CHECKSUM, 10L), seconds(60)))
            .containsExactly(new Report("a", DropReason.CHECKSUM, 1));
    }

    @Test
    void eachInstanceAndReasonHasItsOwnLimit() {
        limiter.observe("a", Map.of(DropReason.CHECKSUM, 1L), seconds(0));

        assertThat(limiter.observe("a", Map.of(DropReason.CHECKSUM, 2L, DropReason.WRONG_VERSION, 3L), seconds(1)))
            .containsExactly(new Report("a", DropReason.WRONG_VERSION, 3));
        assertThat(limiter.observe("b", Map.of(DropReason.CHECKSUM, 5L), seconds(1)))
            .containsExactly(new Report("b", DropReason.CHECKSUM, 5));
    }

    @Test
    void otherDropsAreNoProtocolErrors() {
        assertThat(limiter.observe("a", Map.of(DropReason.NOT_A_PEER, 7L, DropReason.UNKNOWN_TYPE, 2L,
            DropReason.VRID_NOT_CONFIGURED, 1L), seconds(0)))
            .containsExactly(new Report("a", DropReason.VRID_NOT_CONFIGURED, 1));
    }

    @Test
    void anInstanceStartedAnewCountsFromZero() {
        limiter.observe("a", Map.of(DropReason.CHECKSUM, 50L), seconds(0));

        assertThat(limiter.observe("a", Map.of(DropReason.CHECKSUM, 3L), seconds(20)))
            .containsExactly(new Report("a", DropReason.CHECKSUM, 3));
    }

    @Test
    void aForgottenInstancesPendingDropsGoWithIt() {
        limiter.observe("a", Map.of(DropReason.CHECKSUM, 1L), seconds(0));
        limiter.observe("a", Map.of(DropReason.CHECKSUM, 5L), seconds(1));
        limiter.forget("a");

        assertThat(limiter.observe("a", Map.of(), seconds(20))).isEmpty();
        assertThat(limiter.observe("a", Map.of(DropReason.CHECKSUM, 1L), seconds(20)))
            .containsExactly(new Report("a", DropReason.CHECKSUM, 1));
    }
}
