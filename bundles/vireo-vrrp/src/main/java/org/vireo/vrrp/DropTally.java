package org.vireo.vrrp;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A count per {@link DropReason}, lock-free: a receive thread counts while another reads for display. The
 * instances count their drops with one, and a transport the drops of each interface that no instance could take.
 */
public final class DropTally {

    private final AtomicLongArray counts = new AtomicLongArray(DropReason.values().length);

    public void record(DropReason reason) {
        counts.incrementAndGet(reason.ordinal());
    }

    /** Adds {@code n} (at least 0) under {@code reason}, for drops that are reported in numbers (the kernel's). */
    public void add(DropReason reason, long n) {
        if (n < 0) {
            throw new IllegalArgumentException("a drop count only grows: " + n);
        }
        counts.addAndGet(reason.ordinal(), n);
    }

    public long count(DropReason reason) {
        return counts.get(reason.ordinal());
    }

    /** All reasons together. Read reason by reason, so not atomic while packets arrive. */
    public long total() {
        long total = 0;
        for (int i = 0; i < counts.length(); i++) {
            total += counts.get(i);
        }
        return total;
    }

    /** Every reason with its count, zeros included, in {@link DropReason} order; immutable. */
    public Map<DropReason, Long> snapshot() {
        EnumMap<DropReason, Long> copy = new EnumMap<>(DropReason.class);
        for (DropReason reason : DropReason.values()) {
            copy.put(reason, count(reason));
        }
        return Collections.unmodifiableMap(copy);
    }

    /** The reasons counted at least once, in {@link DropReason} order; immutable. */
    public Map<DropReason, Long> nonZero() {
        EnumMap<DropReason, Long> copy = new EnumMap<>(DropReason.class);
        for (DropReason reason : DropReason.values()) {
            long n = count(reason);
            if (n > 0) {
                copy.put(reason, n);
            }
        }
        return Collections.unmodifiableMap(copy);
    }
}
