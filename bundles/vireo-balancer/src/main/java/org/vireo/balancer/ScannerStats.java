package org.vireo.balancer;

/**
 * One scanner as this director sees it.
 *
 * @param id               {@code address:port} of its proxy, as in the table
 * @param up               it can take connections: its monitor says up and no connect failed since
 * @param drain            drained: no new connections
 * @param weight           the static weight from the table
 * @param effectiveWeight  what the scheduler weighs now: weight x reported room x slow start; 0 when not eligible
 * @param share            its part of the connections open now, 0.0-1.0
 * @param active           connections open to it now
 * @param connections      connections forwarded to it since the balancer started (or it joined the table)
 * @param connectFailures  connects to it that failed (refused, timed out)
 * @param bytesFromClients bytes forwarded to it
 * @param bytesToClients   bytes it sent back
 * @param cpu              the CPU load it reports through the node registry, 0.0-1.0; negative: not known
 * @param memory           the memory in use it reports, 0.0-1.0; negative: not known
 * @param monitor          its health monitor ({@code health:list}) and that monitor's verdict
 * @param affinities       clients whose scanner it is remembered to be (they return to it while it can take them)
 */
public record ScannerStats(String id, boolean up, boolean drain, double weight, double effectiveWeight,
                           double share, int active, long connections, long connectFailures, long bytesFromClients,
                           long bytesToClients, double cpu, double memory, String monitor, int affinities) {
}
