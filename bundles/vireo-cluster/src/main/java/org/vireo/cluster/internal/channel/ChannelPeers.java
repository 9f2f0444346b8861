package org.vireo.cluster.internal.channel;

import org.vireo.cluster.internal.sync.Peers;

/** The sync engine's peers over a cluster channel: the view's coordinator, and the channel's sends. */
public final class ChannelPeers implements Peers {

    private final ClusterTransport transport;

    public ChannelPeers(ClusterTransport transport) {
        this.transport = transport;
    }

    @Override
    public String coordinator() {
        return transport.view().coordinator();
    }

    @Override
    public void broadcast(byte[] payload) {
        transport.broadcast(payload);
    }

    @Override
    public void send(String member, byte[] payload) {
        transport.send(member, payload);
    }
}
