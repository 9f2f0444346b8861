package org.vireo.scanner.internal.proxy;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.vireo.cluster.ClusterNode;

/**
 * Who may tell this proxy who a client is, with a PROXY protocol header: the directors. They are the cluster's
 * directors and backups, by the addresses the node registry has for them; this node's loopback when it is a
 * director or backup itself (the all-in-one node's balancer connects to its scanner from there); and the addresses
 * in {@code directors} of {@value ProxyOptions#PID}.
 *
 * @param addresses the directors' addresses
 * @param loopback  whether loopback addresses count (this node runs a balancer)
 */
record Directors(Set<InetAddress> addresses, boolean loopback) {

    static final Directors NONE = new Directors(Set.of(), false);

    Directors {
        addresses = Set.copyOf(addresses);
    }

    /** The directors and backups among {@code nodes} (the node registry's list, stale ones included). */
    static Directors of(List<ClusterNode> nodes) {
        Set<InetAddress> addresses = new HashSet<>();
        boolean self = false;
        for (ClusterNode n : nodes) {
            if (balances(n.role())) {
                InetAddress a = ProxyOptions.literal(n.address());
                if (a != null) {
                    addresses.add(plain(a));
                }
                self |= n.self();
            }
        }
        return new Directors(addresses, self);
    }

    /** These and the {@code configured} ones. */
    Directors and(Collection<InetAddress> configured) {
        if (configured.isEmpty()) {
            return this;
        }
        Set<InetAddress> all = new HashSet<>(addresses);
        configured.forEach(a -> all.add(plain(a)));
        return new Directors(all, loopback);
    }

    boolean contains(InetAddress a) {
        return a != null && (loopback && a.isLoopbackAddress() || addresses.contains(plain(a)));
    }

    /** A role that runs the balancer: {@code director}, {@code backup}, each also with {@code +scan}. */
    private static boolean balances(String role) {
        return role.startsWith("director") || role.startsWith("backup");
    }

    /** Without an IPv6 scope, and an IPv4-mapped IPv6 address as IPv4: the forms a connection may show. */
    private static InetAddress plain(InetAddress a) {
        try {
            return InetAddress.getByAddress(a.getAddress());
        } catch (UnknownHostException e) {
            throw new IllegalStateException("an address's own bytes are an address", e);
        }
    }
}
