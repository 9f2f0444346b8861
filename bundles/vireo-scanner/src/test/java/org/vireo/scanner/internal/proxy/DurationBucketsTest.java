package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import org.vireo.scanner.DurationHistogram;

class DurationBucketsTest {

    private static final long MS = 1_000_000L;

    @Test
    void eachDurationCountsInTheFirstBucketItDoesNotExceed() {
        DurationBuckets buckets = new DurationBuckets(0.01, 0.1, 1);
        buckets.record(10 * MS); // on a bound: in that bucket (Prometheus's "le")
        buckets.record(10 * MS + 1);
        buckets.record(500 * MS);
        buckets.record(3_000 * MS);
        buckets.record(-5); // counted as zero

        DurationHistogram h = buckets.snapshot();
        assertThat(h.upperBoundsSeconds()).containsExactly(0.01, 0.1, 1.0);
        assertThat(h.counts()).containsExactly(2L, 1L, 1L, 1L);
        assertThat(h.count()).isEqualTo(5);
        assertThat(h.sumSeconds()).isCloseTo(3.52, org.assertj.core.data.Offset.offset(1e-6));
    }

    @Test
    void boundsThatDoNotRiseAreRefused() {
        assertThatThrownBy(() -> new DurationBuckets(0.1, 0.1)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("must rise");
    }

    @Test
    void writersOnManyThreadsLoseNoCount() throws Exception {
        DurationBuckets buckets = new DurationBuckets(DurationBuckets.DEFAULT_BOUNDS_SECONDS);
        Thread[] writers = new Thread[4];
        for (int t = 0; t < writers.length; t++) {
            long nanos = t * 40 * MS;
            writers[t] = new Thread(() -> {
                for (int i = 0; i < 10_000; i++) {
                    buckets.record(nanos);
                }
            });
            writers[t].start();
        }
        for (Thread w : writers) {
            w.join();
        }
        assertThat(buckets.snapshot().count()).isEqualTo(40_000);
    }
}
