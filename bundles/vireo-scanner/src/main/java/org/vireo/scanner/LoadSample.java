package org.vireo.scanner;

import java.time.Instant;

/**
 * One second of a scanning node's load, as the director's balancer weighs it.
 *
 * @param at                 when it was measured
 * @param processCpu         the node's JVM, share of all CPUs, 0.0-1.0 (negative: not known on this platform)
 * @param systemCpu          the whole machine, share of all CPUs, 0.0-1.0 (negative: not known)
 * @param heapUsedBytes      Java heap in use
 * @param heapMaxBytes       Java heap limit
 * @param memoryUsedBytes    the machine's memory in use (total minus available)
 * @param memoryTotalBytes   the machine's memory
 * @param activeConnections  client connections open now (requests and tunnels)
 * @param requestsPerSecond  requests and tunnels started during the last second
 */
public record LoadSample(Instant at, double processCpu, double systemCpu, long heapUsedBytes, long heapMaxBytes,
                         long memoryUsedBytes, long memoryTotalBytes, int activeConnections,
                         double requestsPerSecond) {
}
