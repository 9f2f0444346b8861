package org.vireo.balancer;

import java.util.List;

/**
 * The balancer of this node as a whole.
 *
 * @param mode       where it listens: {@code vip} (the virtual addresses of this node's VRRP instances while it
 *                   is their master) or {@code standalone} (no VRRP instance: the configured addresses)
 * @param transport  the sockets it forwards with: {@code io_uring}, {@code epoll} or {@code nio}
 * @param listeners  each address and port it should listen on, bound or not and why
 * @param accepted   client connections accepted since it started
 * @param unserved   of which closed because no scanner could take them (at once, or after waiting for one)
 * @param relayed    of which relayed to the master (this node backup, with sendToMaster)
 * @param active     connections being forwarded now
 * @param affinities clients whose scanner is remembered
 * @param problems   what the operator should fix (a refused configuration, an empty table, a port that cannot be
 *                   bound, every scanner down); empty when all is well
 */
public record BalancerStatus(String mode, String transport, List<Listener> listeners, long accepted, long unserved,
                             long relayed, int active, int affinities, List<String> problems) {

    public BalancerStatus {
        listeners = List.copyOf(listeners);
        problems = List.copyOf(problems);
    }

    /**
     * One listening address.
     *
     * @param address {@code 10.0.0.100:9090}
     * @param service {@code http}, {@code ftp} or {@code ftp-data}; {@code -> <master>} when relayed
     * @param bound   it accepts connections
     * @param problem why it is not bound; empty when it is
     */
    public record Listener(String address, String service, boolean bound, String problem) {
    }
}
