package org.vireo.health;

import java.time.Duration;
import java.time.Instant;

/**
 * One check's outcome.
 *
 * @param success whether the check passed
 * @param detail  what was seen, for the operator ("connected", "HTTP 503", "timed out after 2000 ms", ...)
 * @param latency how long the check took
 * @param at      when it finished
 */
public record CheckResult(boolean success, String detail, Duration latency, Instant at) {
}
