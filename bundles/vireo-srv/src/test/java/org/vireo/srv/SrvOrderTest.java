package org.vireo.srv;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

/** RFC 2782's ordering: priority first, then weighted random selection without replacement. */
class SrvOrderTest {

    private static final int DRAWS = 100_000;
    /** Chi-square with 3 degrees of freedom exceeds this with probability 0.001. */
    private static final double CHI2_3_DF_P001 = 16.27;

    private static final SrvRecord ZERO = new SrvRecord(10, 0, 3128, "zero.example");
    private static final SrvRecord W10 = new SrvRecord(10, 10, 3128, "w10.example");
    private static final SrvRecord W20 = new SrvRecord(10, 20, 3128, "w20.example");
    private static final SrvRecord W70 = new SrvRecord(10, 70, 3128, "w70.example");
    private static final SrvRecord BACKUP = new SrvRecord(20, 100, 3128, "backup.example");
    private static final SrvRecord FIRST = new SrvRecord(5, 0, 3128, "first.example");

    private static Map<SrvRecord, Integer> firstPlaces(List<SrvRecord> records) {
        SplittableRandom random = new SplittableRandom(2782);
        Map<SrvRecord, Integer> counts = new HashMap<>();
        for (int i = 0; i < DRAWS; i++) {
            counts.merge(SrvOrder.order(records, random).get(0), 1, Integer::sum);
        }
        return counts;
    }

    private static double chiSquare(Map<SrvRecord, Integer> observed, Map<SrvRecord, Double> expectedShare) {
        double chi2 = 0;
        for (var e : expectedShare.entrySet()) {
            double expected = e.getValue() * DRAWS;
            double diff = observed.getOrDefault(e.getKey(), 0) - expected;
            chi2 += diff * diff / expected;
        }
        return chi2;
    }

    @Test
    void priorityIsStrictlyRespected() {
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 1000; i++) {
            List<SrvRecord> order = SrvOrder.order(List.of(BACKUP, W70, ZERO, FIRST, W10, W20), random);
            assertThat(order).extracting(SrvRecord::priority).isSorted().containsExactly(5, 10, 10, 10, 10, 20);
            assertThat(order).containsExactlyInAnyOrder(BACKUP, W70, ZERO, FIRST, W10, W20);
        }
    }

    @Test
    void firstPlacesFollowTheWeightsOverAHundredThousandDraws() {
        Map<SrvRecord, Integer> counts = firstPlaces(List.of(W70, W10, ZERO, W20));
        // the running sum over [0, 100] inclusive: 0 selects the weight-0 record, 1-10 W10, 11-30 W20, 31-100 W70
        Map<SrvRecord, Double> rfc = Map.of(ZERO, 1 / 101.0, W10, 10 / 101.0, W20, 20 / 101.0, W70, 70 / 101.0);

        assertThat(chiSquare(counts, rfc)).isLessThan(CHI2_3_DF_P001);
        for (SrvRecord r : List.of(W10, W20, W70)) { // weight/sum, within the 1/(sum+1) that weight 0 takes
            assertThat(counts.get(r) / (double) DRAWS).isCloseTo(r.weight() / 100.0,
                org.assertj.core.data.Offset.offset(0.012));
        }
        // the test can tell: a uniform choice, or weights without the weight-0 slot, are far off
        Map<SrvRecord, Double> uniform = Map.of(ZERO, 0.25, W10, 0.25, W20, 0.25, W70, 0.25);
        assertThat(chiSquare(counts, uniform)).isGreaterThan(1000 * CHI2_3_DF_P001);
    }

    @Test
    void aWeightZeroRecordIsRarelyButPossiblyFirst() {
        Map<SrvRecord, Integer> counts = firstPlaces(List.of(W10, ZERO, W20, W70));

        assertThat(counts.get(ZERO)).isPositive().isLessThan(DRAWS / 50);
    }

    @Test
    void recordsOfWeightZeroOnlyShareTheFirstPlace() {
        SrvRecord a = new SrvRecord(1, 0, 80, "a.example");
        SrvRecord b = new SrvRecord(1, 0, 80, "b.example");
        SrvRecord c = new SrvRecord(1, 0, 80, "c.example");
        Map<SrvRecord, Integer> counts = firstPlaces(List.of(a, b, c));

        // the running sum never tells them apart: the random arrangement before it does, uniformly
        Map<SrvRecord, Double> third = Map.of(a, 1 / 3.0, b, 1 / 3.0, c, 1 / 3.0);
        assertThat(chiSquare(counts, third)).isLessThan(13.82); // 2 degrees of freedom, p = 0.001
    }
}
