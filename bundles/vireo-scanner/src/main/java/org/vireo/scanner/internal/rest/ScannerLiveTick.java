package org.vireo.scanner.internal.rest;

import java.util.List;
import java.util.function.Supplier;

import org.vireo.api.LiveFeed;
import org.vireo.api.TailRing;
import org.vireo.scanner.internal.access.AccessEntry;
import org.vireo.scanner.internal.access.AccessView;

/**
 * What one second of {@code GET /api/v1/scanner/live} sends a client: the proxy's counters ({@code event: counters})
 * and the exchanges the access log took after the client's cursor ({@code event: access}, at most
 * {@value #PER_TICK}; a client that gets more is told how many it missed).
 */
final class ScannerLiveTick implements LiveFeed.Tick<Long> {

    static final int PER_TICK = 200;

    /** What one tick sends of the access log: the exchanges, oldest first, and how many were left out. */
    record AccessBatch(long last, long missed, List<AccessView> entries) {
    }

    private final Supplier<Object> counters;
    private final Supplier<TailRing<AccessEntry>> access;

    ScannerLiveTick(Supplier<Object> counters, Supplier<TailRing<AccessEntry>> access) {
        this.counters = counters;
        this.access = access;
    }

    @Override
    public Long send(LiveFeed.Events out, Long after) {
        TailRing<AccessEntry> ring = access.get();
        long last = ring.last();
        List<AccessEntry> entries = ring.read(after, e -> true, PER_TICK);
        out.send("counters", counters.get());
        if (entries.isEmpty()) {
            return after;
        }
        long missed = entries.get(0).seq() - after - 1;
        out.send("access", new AccessBatch(last, Math.max(0, missed), entries.stream().map(AccessView::of).toList()));
        return Math.max(entries.get(entries.size() - 1).seq(), after);
    }
}
