package org.vireo.vip.internal.pcap;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Counts VRRP frames that reached Vireo late: long after the kernel took them off the wire. A late advert ages as
 * if the master had been slow, and enough of them cause a needless takeover; this says so in the log, where an
 * operator looking for the cause of one finds it. The receive thread only counts (lock-free: it must not wait on a
 * logger's lock); a normal thread asks for the report, at most once a minute.
 */
final class LateFrames {

    static final long LATE_MICROS = 10_000;
    private static final long REPORT_EVERY_NANOS = TimeUnit.MINUTES.toNanos(1);

    private final LongSupplier nanoTime;
    private final AtomicLong late = new AtomicLong();
    private final AtomicLong worstMicros = new AtomicLong();
    private long lastReport; // touched by the reporting thread only
    private boolean reported;

    LateFrames(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    /**
     * @param delayMicros from the kernel's receive time stamp to now; a negative or absurd value (the wall clock
     *                    stepped) is not counted
     */
    void received(long delayMicros) {
        if (delayMicros >= LATE_MICROS && delayMicros < TimeUnit.SECONDS.toMicros(10)) {
            late.incrementAndGet();
            worstMicros.accumulateAndGet(delayMicros, Math::max);
        }
    }

    /** What to log about {@code interfaceName}, or null: nothing was late, or the last report is under a minute old. */
    String report(String interfaceName) {
        long now = nanoTime.getAsLong();
        if (late.get() == 0 || (reported && now - lastReport < REPORT_EVERY_NANOS)) {
            return null;
        }
        reported = true;
        lastReport = now;
        long count = late.getAndSet(0);
        long worst = worstMicros.getAndSet(0);
        return String.format("%d VRRP frames on %s reached Vireo %d ms or more after the kernel received them "
                + "(the worst %.1f ms): late adverts age like a slow master's and can cause a needless takeover; "
                + "look for what kept the CPU from the receive thread (is it real-time? its start line in this log says)",
            count, interfaceName, LATE_MICROS / 1000, worst / 1000.0);
    }
}
