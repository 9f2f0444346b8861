package org.vireo.balancer;

import java.io.IOException;
import java.util.List;

/**
 * The director's balancer on this node: its scanner table with per-scanner numbers, its listeners, and the
 * drain switch. Registered while the balancer runs; the shell commands and the console read it.
 */
public interface Balancer {

    /**
     * EventAdmin topic of changes of the scanner pool (the event log's {@code balancer.scanner}); properties: scanner
     * (its id, {@code 10.0.0.21:3128}), change (added, removed, up, down, drained, undrained), reason.
     */
    String SCANNER_TOPIC = "org/vireo/balancer/SCANNER";

    /** Each scanner of the table, in table order. */
    List<ScannerStats> scanners();

    /** The listeners and node-wide numbers. */
    BalancerStatus status();

    /**
     * Sets or clears the drain flag of one scanner in the cluster-wide table (PID {@code org.vireo.balancer}), so
     * every director applies it (config sync) and it survives restarts. A drained scanner gets no new
     * connections; the open ones finish.
     *
     * @param scanner its id as {@link ScannerStats#id()} shows it ({@code 10.0.0.21:3128})
     * @return what was done, for the operator
     * @throws IllegalArgumentException no such scanner in the table (the message lists the table)
     * @throws IOException              the configuration could not be written
     */
    String drain(String scanner, boolean drain) throws IOException;
}
