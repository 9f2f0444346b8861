package org.vireo.srv.internal.dns;

import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A token bucket per client address: {@code rate} queries a second, {@code burst} at once. The time comes from the
 * caller's clock (nanoseconds), so tests run on a manual one. At most {@link #MAX_CLIENTS} addresses are remembered
 * (the least recently seen is forgotten first: it starts again with a full bucket), so a flood of spoofed sources
 * costs bounded memory. Thread-safe.
 */
public final class RateLimiter {

    static final int MAX_CLIENTS = 65_536;
    private static final double NANOS = 1e9;

    private final int rate;
    private final int burst;
    private final LongSupplier nanos;
    private final Map<InetAddress, Bucket> buckets = new LinkedHashMap<>(1024, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<InetAddress, Bucket> eldest) {
            return size() > MAX_CLIENTS;
        }
    };

    /**
     * @param rate  queries per second per address; 0: no limit
     * @param burst queries an address may send at once above the rate (at least 1)
     */
    public RateLimiter(int rate, int burst, LongSupplier nanos) {
        this.rate = rate;
        this.burst = Math.max(1, burst);
        this.nanos = nanos;
    }

    /** Whether a query from {@code client} may be answered now (and takes its token). */
    public synchronized boolean allow(InetAddress client) {
        if (rate == 0) {
            return true;
        }
        long now = nanos.getAsLong();
        Bucket b = buckets.computeIfAbsent(client, c -> new Bucket(burst, now));
        b.tokens = Math.min(burst, b.tokens + (now - b.at) / NANOS * rate);
        b.at = now;
        if (b.tokens < 1) {
            return false;
        }
        b.tokens -= 1;
        return true;
    }

    /** An address's tokens and when they were counted. */
    private static final class Bucket {
        double tokens;
        long at;

        Bucket(double tokens, long at) {
            this.tokens = tokens;
            this.at = at;
        }
    }
}
