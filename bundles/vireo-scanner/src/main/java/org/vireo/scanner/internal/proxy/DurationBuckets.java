package org.vireo.scanner.internal.proxy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;

import org.vireo.scanner.DurationHistogram;

/**
 * A histogram every I/O thread writes to without a lock: one adder per bucket, found by a scan of a dozen bounds
 * (cheaper than the exchange it times). The bounds are Prometheus's default ones, which span a proxied request from
 * a cached answer (ms) to a slow origin (10 s).
 */
final class DurationBuckets {

    static final double[] DEFAULT_BOUNDS_SECONDS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};

    private final long[] boundsNanos;
    private final double[] boundsSeconds;
    private final LongAdder[] counts;
    private final LongAdder sumNanos = new LongAdder();

    DurationBuckets(double... boundsSeconds) {
        this.boundsSeconds = boundsSeconds.clone();
        this.boundsNanos = new long[boundsSeconds.length];
        for (int i = 0; i < boundsSeconds.length; i++) {
            if (i > 0 && boundsSeconds[i] <= boundsSeconds[i - 1]) {
                throw new IllegalArgumentException("bucket bounds must rise: " + boundsSeconds[i - 1] + " then "
                    + boundsSeconds[i]);
            }
            boundsNanos[i] = Math.round(boundsSeconds[i] * 1e9);
        }
        counts = new LongAdder[boundsSeconds.length + 1];
        for (int i = 0; i < counts.length; i++) {
            counts[i] = new LongAdder();
        }
    }

    /** One duration; a negative one (a clock step seen by nanoTime's user, not by nanoTime) counts as zero. */
    void record(long nanos) {
        long n = Math.max(0, nanos);
        int i = 0;
        while (i < boundsNanos.length && n > boundsNanos[i]) {
            i++;
        }
        counts[i].increment();
        sumNanos.add(n);
    }

    /** The counts now; taken bucket by bucket, so a duration recorded meanwhile may be in the sum and not a count. */
    DurationHistogram snapshot() {
        List<Double> bounds = new ArrayList<>(boundsSeconds.length);
        for (double b : boundsSeconds) {
            bounds.add(b);
        }
        List<Long> c = new ArrayList<>(counts.length);
        for (LongAdder a : counts) {
            c.add(a.sum());
        }
        return new DurationHistogram(bounds, c, sumNanos.sum() / 1e9);
    }
}
