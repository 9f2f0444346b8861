package org.vireo.notify;

import java.time.Instant;

/**
 * What a sink has done since it started.
 *
 * @param target       where it sends (a hook: its command line)
 * @param events       the event types it takes ({@code vrrp.transition, health.*})
 * @param sent         events sent (a hook: runs that exited 0)
 * @param failed       events whose sending failed (a hook: another exit code, a timeout, a start that failed)
 * @param queued       events of the log it has not reached yet
 * @param lost         events it never got: older than the log's history when it fell behind
 * @param lastOutcome  the last sending's outcome ({@code exit 0 in 12 ms}); empty before the first
 * @param lastError    the last failure ({@code exit 3 in 40 ms: <output>}, {@code timed out after 10 s}); empty if none
 * @param lastErrorAt  when that was; null if none
 * @param problem      why its configuration is refused, or why it stopped; empty when it runs
 */
public record SinkStatus(String target, String events, long sent, long failed, long queued, long lost,
                         String lastOutcome, String lastError, Instant lastErrorAt, String problem) {
}
