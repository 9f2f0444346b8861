package org.vireo.health.internal.track;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.vireo.health.internal.track.EffectivePriorityFormula.effectivePriority;

import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import org.vireo.health.TrackMode;

class EffectivePriorityFormulaTest {

    @ParameterizedTest(name = "{0}: BP {1}, {3} of {2} down -> {4}")
    @CsvSource({
        "NONE, 100, 3, 0, 100", "NONE, 100, 3, 1, 100", "NONE, 100, 3, 3, 100",
        "ALL, 100, 3, 0, 100", "ALL, 100, 3, 1, 0", "ALL, 100, 3, 3, 0",
        "ONE, 100, 3, 0, 100", "ONE, 100, 3, 2, 100", "ONE, 100, 3, 3, 0",
        "PROGRESSIVE, 100, 3, 0, 100", "PROGRESSIVE, 100, 3, 1, 66", "PROGRESSIVE, 100, 3, 2, 33",
        "PROGRESSIVE, 100, 3, 3, 0", "PROGRESSIVE, 100, 4, 1, 75", "PROGRESSIVE, 100, 1, 1, 0"})
    void eachModeFollowsItsFormula(TrackMode mode, int bp, int n, int k, int expected) {
        assertThat(effectivePriority(mode, bp, n, k, 0)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "BP {0}, {2} of {1} down -> {3}")
    @CsvSource({
        "100, 3, 1, 66",   // 66.67 rounds down
        "1, 3, 1, 1",      // 0.67 would be 0: kept at 1 while something is up
        "1, 3, 2, 1",
        "2, 7, 6, 1",      // 0.29 -> 1
        "254, 7, 1, 217",  // 217.71
        "254, 7, 6, 36",   // 36.29
        "255, 7, 1, 218",  // the owner: 218.57
        "255, 300, 1, 254" // 254.15: an owner lowered at all is no longer 255
    })
    void progressiveRoundsDownButKeepsAGroupWithSomethingUpEligible(int bp, int n, int k, int expected) {
        assertThat(effectivePriority(TrackMode.PROGRESSIVE, bp, n, k, 0)).isEqualTo(expected);
    }

    @ParameterizedTest
    @EnumSource(TrackMode.class)
    void nothingTrackedMeansTheBasePriority(TrackMode mode) {
        assertThat(effectivePriority(mode, 150, 0, 0, 0)).isEqualTo(150);
        assertThat(effectivePriority(mode, 255, 0, 0, 0)).isEqualTo(255);
    }

    @Test
    void downInterfacesSubtractTheirWeightsDownToZero() {
        assertThat(effectivePriority(TrackMode.NONE, 100, 0, 0, 20)).isEqualTo(80);
        assertThat(effectivePriority(TrackMode.PROGRESSIVE, 100, 3, 1, 20)).isEqualTo(46);
        assertThat(effectivePriority(TrackMode.ONE, 100, 2, 1, 150)).isEqualTo(0);
        assertThat(effectivePriority(TrackMode.ALL, 255, 1, 0, 1)).isEqualTo(254);
        assertThat(effectivePriority(TrackMode.ALL, 100, 1, 1, 10)).isEqualTo(0);
    }

    @Test
    void impossibleInputsAreRefused() {
        assertThatIllegalArgumentException().isThrownBy(() -> effectivePriority(TrackMode.ALL, 100, 2, 3, 0))
            .withMessageContaining("down = 3 of tracked = 2");
        assertThatIllegalArgumentException().isThrownBy(() -> effectivePriority(TrackMode.ALL, 0, 2, 1, 0))
            .withMessageContaining("basePriority = 0");
        assertThatIllegalArgumentException().isThrownBy(() -> effectivePriority(TrackMode.ALL, 100, 2, 1, -1));
    }

    @Test
    void randomInputsStayInBoundsAndOneMoreDownNeverRaisesThePriority() {
        Random random = new Random(20240611);
        for (int run = 0; run < 100_000; run++) {
            TrackMode mode = TrackMode.values()[random.nextInt(TrackMode.values().length)];
            int bp = 1 + random.nextInt(255);
            int n = random.nextInt(9);
            int k = n == 0 ? 0 : random.nextInt(n + 1);
            int weight = random.nextBoolean() ? 0 : random.nextInt(300);
            int ep = effectivePriority(mode, bp, n, k, weight);

            assertThat(ep).isBetween(0, bp);
            if (k < n) {
                assertThat(effectivePriority(mode, bp, n, k + 1, weight)).isLessThanOrEqualTo(ep);
            }
            assertThat(effectivePriority(mode, bp, n, k, weight + 1)).isLessThanOrEqualTo(ep);
            if (bp == 255 && (weight > 0 || k > 0 && (mode == TrackMode.ALL || mode == TrackMode.PROGRESSIVE))) {
                assertThat(ep).isLessThanOrEqualTo(254);
            }
            if (mode == TrackMode.PROGRESSIVE && k < n && weight == 0) {
                assertThat(ep).isPositive(); // something up: still eligible
            }
            if (mode != TrackMode.NONE && n > 0 && k == n) {
                assertThat(ep).isZero();
            }
        }
    }
}
