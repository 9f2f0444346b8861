package org.vireo.scanner.internal.policy;

import java.net.InetAddress;
import java.util.Set;

/**
 * The addresses that are this node or its cluster, as last seen: a snapshot, immutable.
 *
 * @param own     the addresses on every interface of this node (its management ports listen there too)
 * @param virtual the cluster's virtual addresses (VIPs), of every VRRP instance of every node, master or not
 * @param members the management addresses of the cluster's members
 */
public record LocalAddresses(Set<InetAddress> own, Set<InetAddress> virtual, Set<InetAddress> members) {

    /** Nothing known beyond the fixed ranges (loopback, link-local, ...). */
    public static final LocalAddresses NONE = new LocalAddresses(Set.of(), Set.of(), Set.of());

    public LocalAddresses {
        own = Set.copyOf(own);
        virtual = Set.copyOf(virtual);
        members = Set.copyOf(members);
    }
}
