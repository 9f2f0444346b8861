package org.vireo.api.internal.auth;

import java.time.Duration;
import java.util.function.LongSupplier;

/** A nanosecond clock the test moves. */
final class FakeClock implements LongSupplier {

    private long nanos = 1_000_000_000L;

    @Override
    public long getAsLong() {
        return nanos;
    }

    void advance(Duration d) {
        nanos += d.toNanos();
    }
}
