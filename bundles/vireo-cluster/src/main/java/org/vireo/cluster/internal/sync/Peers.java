package org.vireo.cluster.internal.sync;

/** The other members, as the sync engine sees them: where to send, and who coordinates the view. */
public interface Peers {

    /** The current view's coordinator (this node, when alone). */
    String coordinator();

    void broadcast(byte[] payload);

    void send(String member, byte[] payload);
}
