package org.vireo.health.internal.rest;

import java.util.List;

import org.vireo.health.CheckResult;
import org.vireo.health.Monitor;
import org.vireo.health.MonitorStatus;

/**
 * {@code GET /api/v1/health/monitors}: one monitor as {@code health:list} shows it (and {@code health:show}'s
 * timings and warnings).
 *
 * @param type                 {@code tcp}, {@code http}, {@code link} or {@code command}
 * @param target               what it checks: {@code 10.0.0.5:8080}, a URL, an interface, a command line
 * @param health               {@code UNKNOWN} (no verdict yet), {@code UP} or {@code DOWN}, after rise and fall
 * @param healthSince          since when the verdict holds
 * @param lastResult           the last finished check; null before the first
 * @param consecutiveSuccesses successes in a row, towards {@code rise} while not UP
 * @param consecutiveFailures  failures in a row, towards {@code fall} while not DOWN
 * @param checks               checks finished since the monitor started
 * @param failures             of which failed
 * @param warnings             what the operator should know (a refused configuration change, ...)
 */
public record MonitorView(String name, String type, String target, String health, String healthSince,
                          LastResult lastResult, int consecutiveSuccesses, int consecutiveFailures, int rise, int fall,
                          long intervalMillis, long timeoutMillis, long checks, long failures,
                          List<String> warnings) {

    /**
     * One check's outcome.
     *
     * @param detail        what it saw: {@code connected in 1 ms}, {@code HTTP 503}, {@code timed out after 2000 ms}
     * @param latencyMillis how long it took (fractions of a millisecond kept)
     * @param at            when it finished
     */
    public record LastResult(boolean success, String detail, double latencyMillis, String at) {

        static LastResult of(CheckResult r) {
            return new LastResult(r.success(), r.detail(), r.latency().toNanos() / 1e6, r.at().toString());
        }
    }

    static MonitorView of(Monitor m) {
        MonitorStatus s = m.status();
        return new MonitorView(s.name(), s.type(), s.target(), s.health().name(), s.healthSince().toString(),
            s.lastResult().map(LastResult::of).orElse(null), s.consecutiveSuccesses(), s.consecutiveFailures(),
            s.rise(), s.fall(), s.interval().toMillis(), s.timeout().toMillis(), s.checks(), s.failures(),
            List.copyOf(m.warnings()));
    }
}
