package org.vireo.vrrp.internal.drill;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.vireo.cluster.MemberProbes;

/** A drill's schedule, its bound, and its figures from a probe's attempts. */
class DrillPlanTest {

    private static final long MS = 1_000_000;

    @Test
    void skewTimeIsRfc5798s_andTheBoundAddsTheAnnouncementAndAProbeIntervalAtEachEnd() {
        DrillPlan plan = new DrillPlan(Duration.ofMillis(100), Duration.ofMillis(10), Duration.ofMillis(200), false);

        assertThat(DrillPlan.skewTime(100, Duration.ofMillis(100))).isEqualTo(Duration.ofNanos(60_937_500));
        assertThat(DrillPlan.skewTime(254, Duration.ofSeconds(1))).isEqualTo(Duration.ofNanos(7_812_500));
        assertThat(plan.bound(100)).isEqualTo(Duration.ofNanos(95_937_500));
    }

    @Test
    void theProbeCoversTheLeadEachHandoversWatchAndTheTail() {
        DrillPlan one = new DrillPlan(Duration.ofMillis(100), Duration.ofMillis(10), Duration.ofMillis(200), false);
        DrillPlan back = new DrillPlan(Duration.ofSeconds(1), Duration.ofMillis(10), Duration.ofMillis(200), true);

        assertThat(one.settle()).isEqualTo(Duration.ofMillis(1400));
        assertThat(one.probeDuration()).isEqualTo(Duration.ofMillis(3400));
        assertThat(back.returnAt()).isEqualTo(Duration.ofSeconds(6));
        assertThat(back.probeDuration()).isEqualTo(Duration.ofSeconds(12));
    }

    @Test
    void eachHandoverIsMeasuredOnTheAttemptsOfItsOwnHalf() {
        MemberProbes.Result result = new MemberProbes.Result("n3", "tcp:10.77.0.53:9090", Instant.EPOCH, List.of(
            ok(0), ok(10), failed(20), failed(30), ok(90), ok(100),
            ok(1500), failed(1510), ok(1540), ok(1550)));

        DrillResult.Phase takeover = DrillAnalysis.phase(result, 0, 1400 * MS);
        DrillResult.Phase returned = DrillAnalysis.phase(result, 1400 * MS, Long.MAX_VALUE);

        assertThat(takeover).isEqualTo(new DrillResult.Phase(80, 2, 6, 10));
        assertThat(returned).isEqualTo(new DrillResult.Phase(40, 1, 4, 1500));
    }

    @Test
    void theNewMastersRecordTravels_andGivesItsAdvertGap() {
        TakeoverRecord record = new TakeoverRecord("MASTER", 100, Optional.of(Instant.ofEpochSecond(5, 1_000_000)),
            Optional.of(Instant.ofEpochSecond(5, 61_900_000)), Optional.of(Instant.ofEpochSecond(5, 62_000_000)));
        TakeoverRecord none = new TakeoverRecord("BACKUP", 90, Optional.empty(), Optional.empty(), Optional.empty());

        assertThat(TakeoverRecord.decode(record.encode())).isEqualTo(record);
        assertThat(TakeoverRecord.decode(none.encode())).isEqualTo(none);
        assertThat(DrillAnalysis.gapMillis(record)).contains(61.0);
        assertThat(DrillAnalysis.gapMillis(none)).isEmpty();
    }

    private static MemberProbes.Attempt ok(long startMillis) {
        return new MemberProbes.Attempt(startMillis * MS, startMillis * MS + MS / 10, true, "");
    }

    private static MemberProbes.Attempt failed(long startMillis) {
        return new MemberProbes.Attempt(startMillis * MS, startMillis * MS + 200 * MS, false, "timed out");
    }
}
