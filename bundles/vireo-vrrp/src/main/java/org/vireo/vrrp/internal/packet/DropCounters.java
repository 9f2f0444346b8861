package org.vireo.vrrp.internal.packet;

import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.DropTally;

/**
 * Receive counters of one VRRP instance: one per {@link DropReason} plus accepted packets.
 * Safe to update from the receive path while another thread reads them for display.
 */
public final class DropCounters {

    private final DropTally dropped = new DropTally();
    private final AtomicLong accepted = new AtomicLong();

    public void record(DropReason reason) {
        dropped.record(reason);
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
        return dropped.count(reason);
    }

    public long accepted() {
        return accepted.get();
    }

    /** Accepted plus dropped packets. Read counter by counter, so not atomic while packets arrive. */
    public long received() {
        return accepted.get() + dropped.total();
    }

    /** Every reason with its count, zeros included, in check order; immutable. */
    public Map<DropReason, Long> snapshot() {
        return dropped.snapshot();
    }
}
