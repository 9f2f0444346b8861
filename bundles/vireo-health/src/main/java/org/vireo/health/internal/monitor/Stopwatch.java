package org.vireo.health.internal.monitor;

import java.time.Duration;
import java.time.Instant;

import org.vireo.health.CheckResult;

/** Times one check with {@link System#nanoTime} (wall-clock steps do not show as latency) and makes its result. */
final class Stopwatch {

    private final long startNanos = System.nanoTime();

    long millis() {
        return Duration.ofNanos(System.nanoTime() - startNanos).toMillis();
    }

    /** A success whose detail tells its latency: "{@code what} in N ms{@code more}". */
    CheckResult successIn(String what, String more) {
        Duration latency = Duration.ofNanos(System.nanoTime() - startNanos);
        return new CheckResult(true, what + " in " + latency.toMillis() + " ms" + more, latency, Instant.now());
    }

    CheckResult success(String detail) {
        return result(true, detail);
    }

    CheckResult failure(String detail) {
        return result(false, detail);
    }

    CheckResult timedOut(long timeoutMillis) {
        return failure("timed out after " + timeoutMillis + " ms");
    }

    private CheckResult result(boolean success, String detail) {
        return new CheckResult(success, detail, Duration.ofNanos(System.nanoTime() - startNanos), Instant.now());
    }
}
