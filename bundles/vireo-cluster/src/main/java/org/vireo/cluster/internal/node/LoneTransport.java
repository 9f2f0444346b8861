package org.vireo.cluster.internal.node;

import java.util.List;

import org.vireo.cluster.internal.channel.ClusterTransport;
import org.vireo.cluster.internal.channel.ClusterView;

/** The cluster switched off: this node alone; whatever it sends goes nowhere. */
final class LoneTransport implements ClusterTransport {

    private final String node;

    LoneTransport(String node) {
        this.node = node;
    }

    @Override
    public String localMember() {
        return node;
    }

    @Override
    public void broadcast(byte[] payload) {
    }

    @Override
    public void send(String member, byte[] payload) {
    }

    @Override
    public ClusterView view() {
        return new ClusterView(0, List.of(node), node, false);
    }

    @Override
    public void close() {
    }
}
