package org.vireo.balancer.internal.rest;

import org.vireo.balancer.ScannerStats;

/**
 * {@code GET /api/v1/balancer/scanners}: one scanner of the table as {@code balancer:scanners} shows it.
 *
 * @param scanner          {@code address:port} of its proxy, as in the table (what drain and undrain name)
 * @param state            {@code UP} or {@code DOWN}: its monitor says up and no connect to it failed since
 * @param draining         drained ({@code balancer:drain}): no new connections
 * @param weight           the table's weight
 * @param effectiveWeight  what the scheduler weighs now: weight x room it reports x slow start; 0 when it cannot
 *                         take connections
 * @param share            its part of the connections open now, 0..1
 * @param totalConnections forwarded to it since the balancer started or it joined the table
 * @param connectFailures  connects to it that failed
 * @param bytesFromClients bytes forwarded to it
 * @param bytesToClients   bytes it sent back
 * @param cpu              the CPU load it reports, 0..1; null when not known
 * @param memory           the memory in use it reports, 0..1; null when not known
 * @param monitor          its health monitor ({@code /api/v1/health/monitors}) and that monitor's verdict
 * @param affinities       clients remembered on it (they come back to it while it can take them)
 */
public record ScannerView(String scanner, String state, boolean draining, double weight, double effectiveWeight,
                          double share, int activeConnections, long totalConnections, long connectFailures,
                          long bytesFromClients, long bytesToClients, Double cpu, Double memory, String monitor,
                          int affinities) {

    static ScannerView of(ScannerStats s) {
        return new ScannerView(s.id(), s.up() ? "UP" : "DOWN", s.drain(), s.weight(), s.effectiveWeight(), s.share(),
            s.active(), s.connections(), s.connectFailures(), s.bytesFromClients(), s.bytesToClients(), known(s.cpu()),
            known(s.memory()), s.monitor(), s.affinities());
    }

    /** A load the scanner did not report is negative: null in JSON. */
    private static Double known(double share) {
        return share < 0 ? null : share;
    }
}
