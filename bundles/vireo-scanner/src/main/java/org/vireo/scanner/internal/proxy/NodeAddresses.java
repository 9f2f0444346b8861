package org.vireo.scanner.internal.proxy;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.Collection;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.NodeRegistry;
import org.vireo.scanner.internal.policy.LocalAddresses;

/**
 * This node's and its cluster's addresses, which the proxy refuses to reach for a client: the addresses on every
 * interface (looked at every second, so that a VIP this node takes over is known within one), and from the node
 * registry every member's management address and every node's virtual addresses, master of them or not. A
 * snapshot, read once per request.
 */
@Component(service = NodeAddresses.class, immediate = true)
public class NodeAddresses {

    private static final Logger LOG = LoggerFactory.getLogger(NodeAddresses.class);
    static final long SCAN_MILLIS = 1000;

    private volatile Set<InetAddress> own = Set.of();
    private volatile LocalAddresses cluster = LocalAddresses.NONE;
    private record Watch(NodeRegistry registry, AutoCloseable handle) {
    }

    private volatile Watch watch;
    private ScheduledExecutorService scanner;

    @Reference(cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
        policyOption = ReferencePolicyOption.GREEDY)
    void bindRegistry(NodeRegistry registry) {
        watch = new Watch(registry, registry.watch(this::clusterChanged));
        clusterChanged(registry.nodes());
    }

    void unbindRegistry(NodeRegistry registry) {
        Watch w = watch;
        if (w == null || w.registry() != registry) {
            return; // a greedy reference binds the new registry before it unbinds the old one
        }
        watch = null;
        try {
            w.handle().close();
        } catch (Exception e) {
            LOG.warn("closing the node registry watch: {}", e.toString());
        }
        // what it said stays: a VIP does not stop being the cluster's because the registry went away
    }

    @Activate
    void activate() {
        scanInterfaces();
        scanner = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "vireo-proxy-addresses");
            t.setDaemon(true);
            return t;
        });
        scanner.scheduleWithFixedDelay(this::scanInterfaces, SCAN_MILLIS, SCAN_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Deactivate
    void deactivate() {
        scanner.shutdownNow();
    }

    /** The addresses as last seen. */
    public LocalAddresses current() {
        LocalAddresses c = cluster;
        return new LocalAddresses(own, c.virtual(), c.members());
    }

    void scanInterfaces() {
        try {
            own = interfaceAddresses();
        } catch (SocketException | RuntimeException e) {
            LOG.warn("cannot list this node's interfaces (the last list stays): {}", e.toString());
        }
    }

    void clusterChanged(List<ClusterNode> nodes) {
        Set<InetAddress> virtual = new HashSet<>();
        Set<InetAddress> members = new HashSet<>();
        for (ClusterNode node : nodes) {
            addLiteral(members, node.address());
            node.virtualAddresses().forEach(a -> addLiteral(virtual, a));
        }
        cluster = new LocalAddresses(Set.of(), virtual, members);
    }

    private static Set<InetAddress> interfaceAddresses() throws SocketException {
        Set<InetAddress> found = new HashSet<>();
        Enumeration<NetworkInterface> interfaces = NetworkInterface.getNetworkInterfaces();
        while (interfaces != null && interfaces.hasMoreElements()) {
            Enumeration<InetAddress> addresses = interfaces.nextElement().getInetAddresses();
            while (addresses.hasMoreElements()) {
                found.add(withoutScope(addresses.nextElement()));
            }
        }
        return Set.copyOf(found);
    }

    /** fe80::1%eth0 and fe80::1 are one address to compare with a resolved one. */
    private static InetAddress withoutScope(InetAddress address) {
        try {
            return InetAddress.getByAddress(address.getAddress());
        } catch (java.net.UnknownHostException e) {
            throw new IllegalStateException(e); // 4 or 16 bytes: cannot happen
        }
    }

    /** A member's address may be a name: only literals are taken, never a DNS lookup on the registry's thread. */
    private static void addLiteral(Collection<InetAddress> into, String text) {
        InetAddress literal = text == null ? null : ProxyOptions.literal(text);
        if (literal != null) {
            into.add(literal);
        }
    }
}
