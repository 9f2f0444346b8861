package org.vireo.srv.internal.redirect;

import java.time.Instant;
import java.util.Map;
import java.util.Optional;

import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.NodeLoad;

/** Registry entries as the cluster bundle builds them, for the redirect tests. */
final class Nodes {

    static final String SERVICE = "vireo-proxy";
    static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

    private Nodes() {
    }

    /** A load with this machine CPU share and open connections (memory 10 %). */
    static NodeLoad load(double cpu, int connections) {
        return new NodeLoad(NOW, 0.01, cpu, 100, 1000, 10, 100, connections, 0);
    }

    /** A fresh node offering the service at {@code url} with {@code load}. */
    static ClusterNode node(String name, boolean self, String url, NodeLoad load) {
        return new ClusterNode(name, "scanner", "10.0.0." + name.substring(1), "0.1.0", Map.of(), Optional.of(load),
            NOW, false, self, 1, Map.of(SERVICE, url));
    }

    static ClusterNode stale(ClusterNode n) {
        return new ClusterNode(n.name(), n.role(), n.address(), n.softwareVersion(), n.vrrpStates(), n.load(),
            n.lastSeen(), true, n.self(), n.configState(), n.services());
    }

    static ClusterNode withoutLoad(ClusterNode n) {
        return new ClusterNode(n.name(), n.role(), n.address(), n.softwareVersion(), n.vrrpStates(), Optional.empty(),
            n.lastSeen(), n.stale(), n.self(), n.configState(), n.services());
    }

    static ClusterNode offering(ClusterNode n, Map<String, String> services) {
        return new ClusterNode(n.name(), n.role(), n.address(), n.softwareVersion(), n.vrrpStates(), n.load(),
            n.lastSeen(), n.stale(), n.self(), n.configState(), services);
    }

    static String url(String name) {
        return "http://10.0.0." + name.substring(1) + ":8480/vireo/login";
    }
}
