package org.vireo.events.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.function.Supplier;

/** A clock that moves only when told. */
final class FakeClock implements Supplier<Instant> {

    private Instant now = Instant.parse("2026-12-02T11:58:01.123Z");

    @Override
    public synchronized Instant get() {
        return now;
    }

    synchronized void advance(Duration d) {
        now = now.plus(d);
    }
}
