package org.vireo.health;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * A snapshot of one monitor.
 *
 * @param name                 the monitor's name (unique on the node)
 * @param type                 {@code tcp}, {@code http}, {@code link} or {@code command}
 * @param target               what it checks, for the operator ({@code 10.0.0.5:8080}, {@code eth1}, ...)
 * @param health               the verdict after rise/fall
 * @param healthSince          since when the verdict holds
 * @param lastResult           the last finished check, if any
 * @param consecutiveSuccesses successes in a row (towards {@code rise} while DOWN)
 * @param consecutiveFailures  failures in a row (towards {@code fall} while UP)
 * @param rise                 successes in a row that make it UP
 * @param fall                 failures in a row that make it DOWN
 * @param interval             time between the starts of two checks
 * @param timeout              a check that takes longer fails
 * @param checks               checks finished since the monitor started
 * @param failures             of which failed
 */
public record MonitorStatus(String name, String type, String target, Health health, Instant healthSince,
                            Optional<CheckResult> lastResult, int consecutiveSuccesses, int consecutiveFailures,
                            int rise, int fall, Duration interval, Duration timeout, long checks, long failures) {
}
