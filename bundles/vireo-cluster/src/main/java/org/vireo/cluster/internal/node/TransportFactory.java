package org.vireo.cluster.internal.node;

import java.util.Map;

import org.vireo.cluster.internal.channel.ClusterTransport;

/** Opens the cluster channel from {@code org.vireo.cluster}'s settings (JGroups with TLS in a node). */
public interface TransportFactory {

    /**
     * @return the transport, not yet connected, or {@code null} when the settings leave the cluster off (no bind
     *         address): the node then keeps its documents versioned on its own
     * @throws IllegalArgumentException for bad settings or credentials, naming what is wrong
     */
    Started open(Map<String, ?> config, String node, ClusterTransport.Listener listener);

    /** An opened transport, its cluster name, and how to start it (connect in the background). */
    record Started(ClusterTransport transport, String clusterName, Runnable start) {
    }
}
