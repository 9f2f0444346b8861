package org.vireo.srv.internal;

import org.vireo.cluster.NodeLoad;

/**
 * How loaded a node is, as one number from its report in the registry: the higher of its CPU (the machine's, else its
 * JVM's) and memory share, plus its open client connections divided by {@code connectionsAtFullLoad}. What the
 * director's balancer weighs, in one number; 0 is idle, 1 is full (it may go beyond with connections). The redirect
 * balancer sends a client to the lowest score; the DNS responder turns it into SRV weights. Pure.
 *
 * @param connectionsAtFullLoad open client connections that count as much as a full CPU (at least 1)
 */
public record LoadScore(int connectionsAtFullLoad) {

    public LoadScore {
        if (connectionsAtFullLoad < 1) {
            throw new IllegalArgumentException("connectionsAtFullLoad must be at least 1: " + connectionsAtFullLoad);
        }
    }

    /** The score of a report. */
    public double of(NodeLoad load) {
        return of(load, 0);
    }

    /**
     * The score of a report, counting {@code pending} more connections: clients sent to the node since its load was
     * measured, which its report does not hold yet.
     */
    public double of(NodeLoad load, int pending) {
        double cpu = load.systemCpu() >= 0 ? load.systemCpu() : Math.max(0, load.processCpu());
        double used = Math.max(Math.min(1.0, cpu), load.memoryShare());
        return used + (double) (load.activeConnections() + pending) / connectionsAtFullLoad;
    }
}
