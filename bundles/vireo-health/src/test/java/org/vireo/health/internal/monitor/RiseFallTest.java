package org.vireo.health.internal.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.vireo.health.Health;

class RiseFallTest {

    private static final boolean OK = true;
    private static final boolean FAIL = false;

    @Test
    void startsUnknownAndIsUpAfterRiseSuccesses() {
        RiseFall rf = new RiseFall(2, 3);
        assertThat(rf.health()).isEqualTo(Health.UNKNOWN);

        assertThat(rf.record(OK)).isFalse();
        assertThat(rf.health()).isEqualTo(Health.UNKNOWN);
        assertThat(rf.record(OK)).isTrue();
        assertThat(rf.health()).isEqualTo(Health.UP);
    }

    @Test
    void whileUnknownItTakesFallFailuresInARowToBeDown() {
        RiseFall rf = new RiseFall(2, 3);
        rf.record(OK);

        assertThat(record(rf, FAIL, FAIL)).containsExactly(Health.UNKNOWN, Health.UNKNOWN);
        assertThat(rf.failures()).isEqualTo(2);
        assertThat(rf.successes()).isZero();
        assertThat(rf.record(FAIL)).isTrue();
        assertThat(rf.health()).isEqualTo(Health.DOWN);
    }

    @Test
    void aCheckThatRacesTheStartOfWhatItChecksIsNoVerdict() {
        RiseFall rf = new RiseFall(2, 3);

        assertThat(record(rf, FAIL, OK, OK)).containsExactly(Health.UNKNOWN, Health.UNKNOWN, Health.UP);
    }

    @Test
    void upNeedsFallFailuresInARowToGoDown() {
        RiseFall rf = up(2, 3);

        assertThat(record(rf, FAIL, FAIL)).containsExactly(Health.UP, Health.UP);
        assertThat(rf.failures()).isEqualTo(2);
        assertThat(rf.record(FAIL)).isTrue();
        assertThat(rf.health()).isEqualTo(Health.DOWN);
    }

    @Test
    void aBurstOfFailuresJustUnderFallKeepsItUp() {
        RiseFall rf = up(2, 3);
        for (int i = 0; i < 50; i++) {
            record(rf, FAIL, FAIL, OK);
        }
        assertThat(rf.health()).isEqualTo(Health.UP);
        assertThat(rf.successes()).isEqualTo(1);
        assertThat(rf.failures()).isZero();
    }

    @Test
    void aBurstOfSuccessesJustUnderRiseKeepsItDown() {
        RiseFall rf = new RiseFall(3, 2);
        record(rf, FAIL, FAIL);
        for (int i = 0; i < 50; i++) {
            assertThat(record(rf, OK, OK, FAIL)).containsOnly(Health.DOWN);
        }
        assertThat(rf.failures()).isEqualTo(1);
        assertThat(rf.successes()).isZero();
    }

    @Test
    void burstsJustOverTheThresholdsFlipTheHealthEachTime() {
        RiseFall rf = up(3, 2);
        for (int i = 0; i < 20; i++) {
            assertThat(record(rf, FAIL, FAIL)).containsExactly(Health.UP, Health.DOWN);
            assertThat(record(rf, OK, OK, OK)).containsExactly(Health.DOWN, Health.DOWN, Health.UP);
        }
    }

    @Test
    void alternatingResultsNeverChangeTheVerdictWhenRiseAndFallAreAboveOne() {
        RiseFall up = up(2, 2);
        RiseFall down = new RiseFall(2, 2);
        record(down, FAIL, FAIL);
        for (int i = 0; i < 100; i++) {
            boolean result = i % 2 == 0 ? FAIL : OK;
            assertThat(up.record(result)).isFalse();
            assertThat(down.record(!result)).isFalse();
        }
        assertThat(up.health()).isEqualTo(Health.UP);
        assertThat(down.health()).isEqualTo(Health.DOWN);
    }

    @Test
    void riseAndFallOfOneFollowEveryResult() {
        RiseFall rf = new RiseFall(1, 1);
        assertThat(record(rf, OK, FAIL, OK, OK, FAIL, FAIL, OK))
            .containsExactly(Health.UP, Health.DOWN, Health.UP, Health.UP, Health.DOWN, Health.DOWN, Health.UP);
    }

    @Test
    void theOppositeResultResetsTheRun() {
        RiseFall rf = up(5, 5);
        record(rf, FAIL, FAIL, FAIL, FAIL);
        assertThat(rf.failures()).isEqualTo(4);

        rf.record(OK);
        assertThat(rf.failures()).isZero();
        assertThat(rf.successes()).isEqualTo(1);
        rf.record(FAIL);
        assertThat(rf.successes()).isZero();
        assertThat(rf.failures()).isEqualTo(1);
        assertThat(rf.health()).isEqualTo(Health.UP);
    }

    @Test
    void runsAreCappedAtTheirThreshold() {
        RiseFall rf = new RiseFall(2, 3);
        record(rf, OK, OK, OK, OK, OK);
        assertThat(rf.successes()).isEqualTo(2);
        record(rf, FAIL, FAIL, FAIL, FAIL, FAIL);
        assertThat(rf.failures()).isEqualTo(3);
    }

    @Test
    void newThresholdsKeepTheVerdictAndClampTheRuns() {
        RiseFall rf = up(4, 4);
        record(rf, FAIL, FAIL, FAIL);

        RiseFall retuned = rf.withThresholds(2, 10);
        assertThat(retuned.health()).isEqualTo(Health.UP);
        assertThat(retuned.failures()).isEqualTo(3);
        assertThat(retuned.fall()).isEqualTo(10);
        assertThat(rf.withThresholds(4, 2).failures()).isEqualTo(2);
    }

    @Test
    void thresholdsBelowOneAreRefused() {
        assertThatThrownBy(() -> new RiseFall(0, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RiseFall(1, 0)).isInstanceOf(IllegalArgumentException.class);
    }

    /**
     * Over random flapping histories, the health after each result is what the rule says about the history:
     * UP if the last {@code rise} results succeeded, DOWN if the last {@code fall} failed; otherwise what it was at
     * the last point where one of those held; and before any such point UNKNOWN.
     */
    @Test
    void healthFollowsTheRuleOverRandomFlappingHistories() {
        for (long seed = 0; seed < 2000; seed++) {
            Random random = new Random(seed);
            int rise = 1 + random.nextInt(5);
            int fall = 1 + random.nextInt(5);
            double pSuccess = random.nextDouble();
            RiseFall rf = new RiseFall(rise, fall);
            List<Boolean> history = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                boolean result = random.nextDouble() < pSuccess;
                Health before = rf.health();
                boolean changed = rf.record(result);
                history.add(result);

                String where = "seed " + seed + ", rise " + rise + ", fall " + fall + ", history " + history;
                assertThat(rf.health()).as(where).isEqualTo(ruleSays(history, rise, fall));
                assertThat(changed).as(where).isEqualTo(rf.health() != before);
                assertThat(rf.successes()).as(where).isEqualTo(Math.min(trailing(history, true), rise));
                assertThat(rf.failures()).as(where).isEqualTo(Math.min(trailing(history, false), fall));
            }
        }
    }

    private static Health ruleSays(List<Boolean> history, int rise, int fall) {
        for (int end = history.size(); end > 0; end--) {
            List<Boolean> prefix = history.subList(0, end);
            if (trailing(prefix, true) >= rise) {
                return Health.UP;
            }
            if (trailing(prefix, false) >= fall) {
                return Health.DOWN;
            }
        }
        return Health.UNKNOWN;
    }

    /** How many of the last results are {@code value}, in a row. */
    private static int trailing(List<Boolean> history, boolean value) {
        int n = 0;
        for (int i = history.size() - 1; i >= 0 && history.get(i) == value; i--) {
            n++;
        }
        return n;
    }

    private static RiseFall up(int rise, int fall) {
        RiseFall rf = new RiseFall(rise, fall);
        for (int i = 0; i < rise; i++) {
            rf.record(OK);
        }
        assertThat(rf.health()).isEqualTo(Health.UP);
        return rf;
    }

    private static List<Health> record(RiseFall rf, boolean... results) {
        List<Health> after = new ArrayList<>();
        for (boolean r : results) {
            rf.record(r);
            after.add(rf.health());
        }
        return after;
    }
}
