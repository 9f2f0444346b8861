package org.vireo.cluster;

import java.time.Instant;

/**
 * A node's load as the cluster carries it (a scanning node's, measured every second): what the director's balancer
 * and the SRV redirect balancer weigh.
 *
 * @param at                when it was measured (the node's clock)
 * @param processCpu        the node's JVM, share of all CPUs, 0.0-1.0 (negative: not known)
 * @param systemCpu         the whole machine, share of all CPUs, 0.0-1.0 (negative: not known)
 * @param heapUsedBytes     Java heap in use
 * @param heapMaxBytes      Java heap limit
 * @param memoryUsedBytes   the machine's memory in use
 * @param memoryTotalBytes  the machine's memory
 * @param activeConnections client connections open now
 * @param requestsPerSecond requests started during the last second
 */
public record NodeLoad(Instant at, double processCpu, double systemCpu, long heapUsedBytes, long heapMaxBytes,
                       long memoryUsedBytes, long memoryTotalBytes, int activeConnections, double requestsPerSecond) {

    /** The machine's memory in use, 0.0-1.0 (0 when not known). */
    public double memoryShare() {
        return memoryTotalBytes <= 0 ? 0 : (double) memoryUsedBytes / memoryTotalBytes;
    }
}
