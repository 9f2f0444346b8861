package org.vireo.cluster.internal.version;

import java.util.function.LongSupplier;

import org.vireo.cluster.DocumentVersion;

/**
 * A hybrid logical clock (Kulkarni et al., 2014) that stamps this node's changes: each stamp is higher than every
 * stamp this node made or saw before, stays within the wall clock's reach (its time part is the highest wall-clock
 * reading seen, so versions read as times), and a change made after seeing a peer's change always gets the higher
 * version, whatever the two wall clocks say. Pure: the wall clock is injected; thread-safe.
 */
public final class HybridClock {

    private final String node;
    private final LongSupplier wallMillis;
    private final long maxAheadMillis;
    private long millis;
    private int counter;

    /**
     * @param node           this node's id, in every version it stamps
     * @param wallMillis     the wall clock, milliseconds since the epoch
     * @param maxAheadMillis how far ahead of this node's wall clock a peer's version may be and still be taken in;
     *                       beyond it the peer's clock is wrong, and following it would stamp every later change
     *                       of this node from that wrong time
     */
    public HybridClock(String node, LongSupplier wallMillis, long maxAheadMillis) {
        this.node = node;
        this.wallMillis = wallMillis;
        this.maxAheadMillis = maxAheadMillis;
    }

    /** The version of a change made here now. */
    public synchronized DocumentVersion stamp() {
        advance(wallMillis.getAsLong(), -1, 0);
        return new DocumentVersion(millis, counter, node);
    }

    /**
     * Takes in a peer's version (received with its change, or read back from storage at start), so that this
     * node's next stamp is higher. Refuses one from a clock more than {@code maxAheadMillis} ahead of this node's,
     * naming both times; the clock is then unchanged.
     */
    public synchronized void observe(DocumentVersion seen) {
        long wall = wallMillis.getAsLong();
        if (seen.millis() > wall + maxAheadMillis) {
            throw new IllegalArgumentException("version " + seen + " is " + (seen.millis() - wall)
                + " ms ahead of this node's clock (at most " + maxAheadMillis + " ms accepted): check the clocks of "
                + node + " and " + seen.node());
        }
        advance(wall, seen.millis(), seen.counter());
    }

    /** The highest time and counter of the clock's own, the wall clock's and (seenMillis >= 0) a peer's reading. */
    private void advance(long wall, long seenMillis, int seenCounter) {
        long next = Math.max(Math.max(millis, wall), seenMillis);
        int nextCounter;
        if (next == millis && next == seenMillis) {
            nextCounter = Math.max(counter, seenCounter) + 1;
        } else if (next == millis) {
            nextCounter = counter + 1;
        } else if (next == seenMillis) {
            nextCounter = seenCounter + 1;
        } else {
            nextCounter = 0;
        }
        if (nextCounter > DocumentVersion.MAX_COUNTER) { // 65,536 changes in one millisecond: move time on instead
            next++;
            nextCounter = 0;
        }
        millis = next;
        counter = nextCounter;
    }
}
