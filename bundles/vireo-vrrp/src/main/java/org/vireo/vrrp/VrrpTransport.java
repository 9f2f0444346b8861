package org.vireo.vrrp;

import java.io.IOException;
import java.net.InetAddress;
import java.util.List;
import java.util.Map;

/**
 * Carries VRRP messages (the VRRP part only: the transport builds and strips the IP header) for the
 * instances of this node: libpcap on the wire (bundle vireo-vip, service property
 * {@code vrrp.transport=pcap}), or in memory for tests ({@code vrrp.transport=memory}).
 */
public interface VrrpTransport {

    /** Service property naming the kind of transport; an instance picks one with {@code transport.target}. */
    String KIND_PROPERTY = "vrrp.transport";

    /**
     * Opens a channel for one instance. Messages for the instance's VRID that reach its interface are
     * handed to {@code receiver}, on a thread of the transport, except those this node sent itself.
     *
     * @throws IOException if the interface cannot be opened, naming the interface, what is missing and how to fix it
     */
    Channel open(ChannelSpec spec, Receiver receiver) throws IOException;

    /**
     * What this transport dropped on each interface before any instance could take it (a VRID no instance on the
     * interface runs, a frame that is not a whole VRRP packet over IP, the kernel's drops): interface name ->
     * reason -> count since the transport started, only reasons counted at least once. What is dropped for an
     * instance is in its own counters ({@link VrrpInstance#counters()}).
     */
    default Map<String, Map<DropReason, Long>> interfaceDrops() {
        return Map.of();
    }

    /**
     * What an instance's channel needs to know.
     *
     * @param unicastPeers     where to send instead of the multicast group (224.0.0.18 / ff02::12); empty: multicast
     * @param virtualMac       send from the virtual router MAC (RFC 5798 7.2) instead of the interface's MAC
     * @param virtualAddresses the instance's VIPs: never taken as the channel's source address
     */
    record ChannelSpec(String interfaceName, boolean ipv6, int vrid, List<InetAddress> unicastPeers,
                       boolean virtualMac, List<InetAddress> virtualAddresses) {
        public ChannelSpec {
            unicastPeers = List.copyOf(unicastPeers);
            virtualAddresses = List.copyOf(virtualAddresses);
        }
    }

    /** Where a channel's messages arrive, on a thread of the transport. */
    @FunctionalInterface
    interface Receiver {

        /** A VRRP message as it arrived, with the IP facts the receive checks need. */
        void received(byte[] message, int offset, int length, InetAddress source, InetAddress destination, int ttl);

        /**
         * As {@link #received(byte[], int, int, InetAddress, InetAddress, int)}, for a message that arrived at the
         * interface {@code ageMicros} before this call (by the kernel's time stamp): the instance counts its timers
         * from the arrival, so time the message spent waiting for the receive thread does not delay a takeover.
         */
        default void received(byte[] message, int offset, int length, InetAddress source, InetAddress destination,
                              int ttl, long ageMicros) {
            received(message, offset, length, source, destination, ttl);
        }

        /**
         * A packet for this channel (its interface, family and VRID) that the transport dropped itself before
         * handing it over (e.g. {@link DropReason#OWN_ADDRESS}): the instance counts it with its own drops.
         */
        default void dropped(DropReason reason) {
        }

        /**
         * The channel stopped working (the interface went away, the capture failed) and is closed; the
         * instance goes to FAULT with {@code reason} and reopens it when it can.
         */
        default void failed(String reason) {
        }
    }

    /** One instance's way out. */
    interface Channel extends AutoCloseable {

        /** The address the messages go out from: the interface's primary address of the family. */
        InetAddress sourceAddress();

        /** Where the messages go: the VRRP multicast group, or the first unicast peer. */
        InetAddress destination();

        /** Sends one message (to every unicast peer, if configured) with TTL / hop limit 255. */
        void send(byte[] message, int offset, int length) throws IOException;

        /**
         * Sends to these unicast peers from now on (empty: to the multicast group), without closing the channel: a
         * change in place of a running instance.
         *
         * @throws UnsupportedOperationException if this transport cannot; the instance is then restarted instead
         */
        default void unicastPeers(List<InetAddress> peers) {
            throw new UnsupportedOperationException("this transport cannot change its unicast peers in place");
        }

        @Override
        void close();
    }
}
