package org.vireo.vrrp.internal.packet;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import org.vireo.vrrp.DropReason;

/**
 * Receive counters of one VRRP instance: one per {@link DropReason} plus accepted packets.
 * Safe to update from the receive path while another thread reads them for display.
 */
public final class DropCounters {

    private final AtomicLongArray dropped = new AtomicLongArray(DropReason.values().length);
    private final AtomicLong accepted = new AtomicLong();

    public void record(DropReason reason) {
        dropped.incrementAndGet(reason.ordinal());
    }

    public void recordAccepted() {
        accepted.incrementAndGet();
    }

    /** Counts a receive outcome under its reason, or as accepted. */
    public void record(ReceiveResult result) {
        Objects.requireNonNull(result, "result");
        if (result instanceof ReceiveResult.Dropped drop) {
            record(drop.reason());
        } else {
            recordAccepted();
        }
    }

    public long count(DropReason reason) {
        return dropped.get(reason.ordinal());
    }

    public long accepted() {
        return accepted.get();
    }

    /** Accepted plus dropped packets. Read counter by counter, so not atomic while packets arrive. */
    public long received() {
        long total = accepted.get();
        for (int i = 0; i < dropped.length(); i++) {
            total += dropped.get(i);
        }
        return total;
    }

    /** Every reason with its count, zeros included, in check order; immutable. */
    public Map<DropReason, Long> snapshot() {
        EnumMap<DropReason, Long> copy = new EnumMap<>(DropReason.class);
        for (DropReason reason : DropReason.values()) {
            copy.put(reason, count(reason));
        }
        return Collections.unmodifiableMap(copy);
    }
}
