package org.vireo.scanner.internal.proxy;

import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;

import org.vireo.scanner.ProxyStats;

/**
 * The proxy's counters for {@code scanner:stats}, the load report and the metrics endpoint. Written by every I/O
 * thread, so adders; the requests of the last second come from a ring of per-second slots stamped with their second.
 */
public final class ProxyCounters {

    private static final int SLOTS = 4;

    private final LongSupplier millisClock;
    private final LongAdder activeConnections = new LongAdder();
    private final LongAdder requests = new LongAdder();
    private final LongAdder tunnels = new LongAdder();
    private final LongAdder[] byStatusClass = {new LongAdder(), new LongAdder(), new LongAdder(), new LongAdder(),
        new LongAdder()};
    private final LongAdder bytesUp = new LongAdder();
    private final LongAdder bytesDown = new LongAdder();
    private final Map<RequestRefusal, LongAdder> refusals = new EnumMap<>(RequestRefusal.class);
    private final LongAdder trailerFieldsDropped = new LongAdder();
    private final DurationBuckets requestDurations = new DurationBuckets(DurationBuckets.DEFAULT_BOUNDS_SECONDS);
    private final AtomicLongArray slotSecond = new AtomicLongArray(SLOTS);
    private final AtomicLongArray slotCount = new AtomicLongArray(SLOTS);

    ProxyCounters(LongSupplier millisClock) {
        this.millisClock = millisClock;
        for (RequestRefusal r : RequestRefusal.values()) {
            refusals.put(r, new LongAdder());
        }
    }

    /** A message refused for this reason (also counted by its status class when the client got an answer). */
    void refused(RequestRefusal why) {
        refusals.get(why).increment();
    }

    /** Trailer fields not forwarded (not on the list of fields a trailer may carry). */
    void trailerFieldsDropped(int n) {
        trailerFieldsDropped.add(n);
    }

    public long refusals(RequestRefusal why) {
        return refusals.get(why).sum();
    }

    public long trailerFieldsDropped() {
        return trailerFieldsDropped.sum();
    }

    void connectionOpened() {
        activeConnections.increment();
    }

    void connectionClosed() {
        activeConnections.decrement();
    }

    /** A request or tunnel started: counts towards the per-second rate. */
    void started(boolean tunnel) {
        (tunnel ? tunnels : requests).increment();
        long second = millisClock.getAsLong() / 1000;
        int slot = (int) (second % SLOTS);
        long stamped = slotSecond.get(slot);
        if (stamped != second && slotSecond.compareAndSet(slot, stamped, second)) {
            slotCount.set(slot, 0);
        }
        slotCount.incrementAndGet(slot);
    }

    /** An exchange ended with this status and these body bytes. */
    void finished(int status, long up, long down) {
        int statusClass = status / 100;
        if (statusClass >= 1 && statusClass <= 5) {
            byStatusClass[statusClass - 1].increment();
        }
        bytesUp.add(up);
        bytesDown.add(down);
    }

    /** A request (not a tunnel) ended, this long after its head arrived. */
    void timed(long nanos) {
        requestDurations.record(nanos);
    }

    public long activeConnections() {
        return activeConnections.sum();
    }

    public long requests() {
        return requests.sum();
    }

    public long tunnels() {
        return tunnels.sum();
    }

    /** Exchanges that ended with a status of this class (1 for 1xx ... 5 for 5xx). */
    public long byStatusClass(int statusClass) {
        return byStatusClass[statusClass - 1].sum();
    }

    public long bytesUp() {
        return bytesUp.sum();
    }

    public long bytesDown() {
        return bytesDown.sum();
    }

    /** The counters as the exported {@link ProxyStats}. */
    public ProxyStats stats(boolean listening) {
        Map<String, Long> byClass = new LinkedHashMap<>();
        for (int statusClass = 1; statusClass <= 5; statusClass++) {
            byClass.put(statusClass + "xx", byStatusClass(statusClass));
        }
        Map<String, Long> refused = new LinkedHashMap<>();
        for (RequestRefusal r : RequestRefusal.values()) {
            refused.put(r.code(), refusals(r));
        }
        return new ProxyStats(listening, activeConnections(), requests(), tunnels(), byClass, bytesUp(), bytesDown(), refused,
            trailerFieldsDropped(), requestDurations.snapshot());
    }

    /** Requests and tunnels started during the last complete second. */
    public long requestsLastSecond() {
        long previous = millisClock.getAsLong() / 1000 - 1;
        int slot = (int) (previous % SLOTS);
        return slotSecond.get(slot) == previous ? slotCount.get(slot) : 0;
    }
}
