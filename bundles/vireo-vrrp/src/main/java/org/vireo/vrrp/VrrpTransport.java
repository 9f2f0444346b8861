package org.vireo.vrrp;

import java.io.IOException;
import java.net.InetAddress;
import java.util.List;

/**
 * Carries VRRP messages (the VRRP part only: the transport builds and strips the IP header) for the
 * instances of this node: libpcap on the wire (bundle vireo-vip), or in memory for tests.
 */
public interface VrrpTransport {

    /**
     * Opens a channel for one instance. Messages for {@code vrid} that reach {@code interfaceName} are
     * handed to {@code receiver}, on a thread of the transport, except those this node sent itself.
     *
     * @param unicastPeers where to send instead of the multicast group (224.0.0.18 / ff02::12); empty: multicast
     * @throws IOException if the interface cannot be opened, naming the interface and the reason
     */
    Channel open(String interfaceName, boolean ipv6, int vrid, List<InetAddress> unicastPeers, Receiver receiver)
        throws IOException;

    /** A VRRP message as it arrived, with the IP facts the receive checks need. */
    @FunctionalInterface
    interface Receiver {
        void received(byte[] message, int offset, int length, InetAddress source, InetAddress destination, int ttl);
    }

    /** One instance's way out. */
    interface Channel extends AutoCloseable {

        /** The address the messages go out from: the interface's primary address of the family. */
        InetAddress sourceAddress();

        /** Where the messages go: the VRRP multicast group, or the first unicast peer. */
        InetAddress destination();

        /** Sends one message (to every unicast peer, if configured) with TTL / hop limit 255. */
        void send(byte[] message, int offset, int length) throws IOException;

        @Override
        void close();
    }
}
