package org.vireo.cluster.internal.channel;

import java.util.List;

/**
 * What config sync and the node registry need from the cluster engine: opaque payloads to everyone or to one
 * member, the current view, and events. Members are named by their node names. Implemented over JGroups by
 * {@link JGroupsTransport}; the sync engine is tested against it with in-JVM members.
 */
public interface ClusterTransport extends AutoCloseable {

    /** This member's name (the node's name). */
    String localMember();

    /** Sends to every member of the current view, this one included only if the implementation says so. */
    void broadcast(byte[] payload);

    /** Sends to one member of the current view; a member not in the view is ignored (logged). */
    void send(String member, byte[] payload);

    /** The current view (a one-member view of this node before it joined anyone). */
    ClusterView view();

    /** The last TLS refusals, oldest first, for status output (none where there is no TLS). */
    default List<Refusal> lastRefusals() {
        return List.of();
    }

    /** How many TLS peers were refused since the channel started (the list above keeps only the last ones). */
    default long refusalCount() {
        return 0;
    }

    /** Leaves the cluster and releases the ports; idempotent. */
    @Override
    void close();

    /** Called on the engine's threads: keep it short, hand work over to an executor. */
    interface Listener {

        /** A payload from {@code from} (never this member's own broadcast). */
        void received(String from, byte[] payload);

        /** A new view: a member joined or left, or two partitions merged ({@link ClusterView#merged()}). */
        void viewChanged(ClusterView view);

        /**
         * A TLS peer was refused, or refused us: {@code peer} is its address (and certificate subject when known),
         * {@code reason} says why (untrusted certificate, expired, no certificate).
         */
        void refused(String peer, String reason);
    }
}
