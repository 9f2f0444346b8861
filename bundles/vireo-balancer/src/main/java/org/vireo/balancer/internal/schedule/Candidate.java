package org.vireo.balancer.internal.schedule;

/**
 * A scanner as the scheduler weighs it at one moment.
 *
 * @param id           the scanner's id (its address:port), unique in the table
 * @param weight       the operator's static weight, 0 (never) to 100; 1 by default
 * @param drained      no new connections (existing ones finish)
 * @param healthy      its health monitor says up and no connect to it failed since
 * @param cpu          its reported CPU load (the machine's, 0.0-1.0); negative: not known
 * @param memory       its reported memory in use, 0.0-1.0; negative: not known
 * @param upSinceNanos when it last became healthy (slow start counts from here), on the scheduler's clock
 */
public record Candidate(String id, double weight, boolean drained, boolean healthy, double cpu, double memory,
                        long upSinceNanos) {

    public Candidate {
        if (!(weight >= 0 && weight <= 100)) {
            throw new IllegalArgumentException("scanner " + id + ": weight " + weight + ": expected 0-100");
        }
    }
}
