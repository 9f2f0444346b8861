package org.vireo.vip.internal.pcap;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.config.AddressText;
import org.vireo.vip.internal.frame.MacAddress;
import org.vireo.vip.internal.frame.ReceivedVrrp;
import org.vireo.vip.internal.frame.VrrpFrames;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.VrrpTransport;

/**
 * One instance's channel on a {@link PcapLink}: builds Ethernet + IP around its messages (from the
 * interface MAC, or the virtual router MAC in virtual-MAC mode; TOS 0xc0, TTL 255) and receives the
 * adverts of its VRID and family (from any source: the instance checks who may speak to it).
 */
final class PcapChannel implements VrrpTransport.Channel, Outlet {

    private static final Logger LOG = LoggerFactory.getLogger(PcapChannel.class);
    private static final int MAX_FRAME = VrrpFrames.IPV6_OVERHEAD + 4 + 255 * 16 + 64;

    private final PcapLink link;
    /** Replaced whole when the unicast peers change in place; read by the sending thread. */
    private volatile VrrpTransport.ChannelSpec spec;
    private final VrrpTransport.Receiver receiver;
    private final InetAddress source;
    private volatile InetAddress destination;
    private final MacAddress sourceMac;
    private final NeighborCache neighbors;
    private final Consumer<PcapChannel> onClose;
    private final byte[] frame = new byte[MAX_FRAME];
    private final byte[] retargeted = new byte[MAX_FRAME];
    private final AtomicBoolean released = new AtomicBoolean();
    private volatile boolean closed;
    private boolean unresolvedLogged;

    PcapChannel(PcapLink link, VrrpTransport.ChannelSpec spec, VrrpTransport.Receiver receiver, InetAddress source,
                NeighborCache neighbors, Consumer<PcapChannel> onClose) {
        this.link = link;
        this.spec = spec;
        this.receiver = receiver;
        this.source = source;
        this.neighbors = neighbors;
        this.onClose = onClose;
        this.destination = spec.unicastPeers().isEmpty() ? PcapTransport.group(spec.ipv6()) : spec.unicastPeers().get(0);
        this.sourceMac = spec.virtualMac() ? MacAddress.virtualRouterMac(spec.vrid(), spec.ipv6()) : link.mac();
        spec.unicastPeers().forEach(neighbors::lookup); // start resolving before the first advert
    }

    PcapLink link() {
        return link;
    }

    /**
     * Sends to these peers from now on (empty: to the group). The instance's checks of received adverts follow its
     * own configuration; the receive side of the link is the same for every peer.
     */
    @Override
    public void unicastPeers(List<InetAddress> peers) {
        VrrpTransport.ChannelSpec was = spec;
        peers.forEach(neighbors::lookup);
        destination = peers.isEmpty() ? PcapTransport.group(was.ipv6()) : peers.get(0);
        spec = new VrrpTransport.ChannelSpec(was.interfaceName(), was.ipv6(), was.vrid(), peers, was.virtualMac(),
            was.virtualAddresses());
    }

    VrrpTransport.ChannelSpec spec() {
        return spec;
    }

    @Override
    public MacAddress sourceMac() {
        return sourceMac;
    }

    @Override
    public void sendFrame(byte[] bytes, int length) throws IOException {
        link.send(bytes, length);
    }

    @Override
    public InetAddress sourceAddress() {
        return source;
    }

    @Override
    public InetAddress destination() {
        return destination;
    }

    /** Whether a received advert is for this channel: its family and VRID, while it is open. */
    boolean takes(boolean ipv6, int vrid) {
        return !closed && ipv6 == spec.ipv6() && vrid == spec.vrid();
    }

    /**
     * Hands a received advert to the instance, which checks it (the sender's address against its peers among the
     * rest). One from the channel's own address is dropped here: this node's frames do not come back (the capture
     * takes incoming frames only), so another host is using the address.
     */
    void deliver(byte[] bytes, ReceivedVrrp packet, long ageMicros) {
        if (packet.source().equals(source)) {
            receiver.dropped(DropReason.OWN_ADDRESS);
            return;
        }
        receiver.received(bytes, packet.vrrpOffset(), packet.vrrpLength(), packet.source(), packet.destination(),
            packet.ttl(), ageMicros);
    }

    void failed(String reason) {
        if (!closed) {
            closed = true;
            receiver.failed(reason);
        }
    }

    @Override
    public synchronized void send(byte[] message, int offset, int length) throws IOException {
        if (closed || !link.isOpen()) {
            throw new IOException(spec.interfaceName() + " is closed");
        }
        if (spec.unicastPeers().isEmpty()) {
            int n = build(message, offset, length, destination, PcapTransport.groupMac(spec.ipv6()), frame);
            link.send(frame, n);
            return;
        }
        for (InetAddress peer : spec.unicastPeers()) {
            MacAddress peerMac = neighbors.lookup(peer).orElse(null);
            if (peerMac == null) {
                if (!unresolvedLogged) {
                    unresolvedLogged = true;
                    LOG.warn("VRRP on {}: no link-layer address for unicast peer {} yet; its adverts wait for it",
                        spec.interfaceName(), AddressText.of(peer));
                }
                continue;
            }
            System.arraycopy(message, offset, retargeted, 0, length);
            VrrpFrames.retargetChecksum(retargeted, 0, destination, peer);
            link.send(frame, build(retargeted, 0, length, peer, peerMac, frame));
        }
    }

    /**
     * The frames that {@link #send} would put on the wire for {@code message} now (one per destination),
     * for a guard process to send later; unicast peers without a known MAC are left out.
     */
    @Override
    public List<byte[]> frames(byte[] message) {
        List<byte[]> frames = new ArrayList<>();
        if (spec.unicastPeers().isEmpty()) {
            byte[] out = new byte[MAX_FRAME];
            int n = build(message, 0, message.length, destination, PcapTransport.groupMac(spec.ipv6()), out);
            frames.add(Arrays.copyOf(out, n));
            return frames;
        }
        for (InetAddress peer : spec.unicastPeers()) {
            neighbors.lookup(peer).ifPresent(mac -> {
                byte[] copy = message.clone();
                VrrpFrames.retargetChecksum(copy, 0, destination, peer);
                byte[] out = new byte[MAX_FRAME];
                frames.add(Arrays.copyOf(out, build(copy, 0, copy.length, peer, mac, out)));
            });
        }
        return frames;
    }

    private int build(byte[] message, int offset, int length, InetAddress to, MacAddress toMac, byte[] out) {
        if (spec.ipv6()) {
            return VrrpFrames.ipv6(sourceMac, toMac, (Inet6Address) source, (Inet6Address) to, message, offset, length,
                out, 0);
        }
        return VrrpFrames.ipv4(sourceMac, toMac, (Inet4Address) source, (Inet4Address) to, link.nextIpId(), message,
            offset, length, out, 0);
    }

    @Override
    public void close() {
        closed = true;
        if (released.compareAndSet(false, true)) {
            onClose.accept(this);
        }
    }
}
