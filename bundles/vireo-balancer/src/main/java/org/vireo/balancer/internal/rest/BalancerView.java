package org.vireo.balancer.internal.rest;

import java.util.List;

import org.vireo.balancer.BalancerStatus;

/**
 * {@code GET /api/v1/balancer}: what {@code balancer:stats} shows.
 *
 * @param mode                 {@code vip} (the virtual addresses of the VRRP instances this node is master of) or
 *                             {@code standalone} (no VRRP instance: {@code standaloneAddresses})
 * @param transport            {@code io_uring}, {@code epoll} or {@code nio}
 * @param acceptedConnections  client connections accepted since the balancer started
 * @param unservedConnections  of which closed because no scanner could take them
 * @param relayedConnections   of which relayed to the master (this node backup, with sendToMaster)
 * @param activeConnections    being forwarded now
 * @param affinities           clients whose scanner is remembered
 * @param problems             what the operator should fix; empty when all is well
 */
public record BalancerView(String mode, String transport, List<Listener> listeners, long acceptedConnections,
                           long unservedConnections, long relayedConnections, int activeConnections, int affinities,
                           List<String> problems) {

    /**
     * An address the balancer should listen on.
     *
     * @param address {@code 10.0.0.100:9090}
     * @param service {@code http}, {@code ftp} or {@code ftp-data}; {@code -> <master>} when relayed
     * @param problem why it is not bound; null when it is
     */
    public record Listener(String address, String service, boolean bound, String problem) {

        static Listener of(BalancerStatus.Listener l) {
            return new Listener(l.address(), l.service(), l.bound(),
                l.problem() == null || l.problem().isEmpty() ? null : l.problem());
        }
    }

    static BalancerView of(BalancerStatus s) {
        return new BalancerView(s.mode(), s.transport(), s.listeners().stream().map(Listener::of).toList(),
            s.accepted(), s.unserved(), s.relayed(), s.active(), s.affinities(), s.problems());
    }
}
