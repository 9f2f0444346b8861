package org.vireo.vip.internal.pcap;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.vip.internal.alias.IpCommand;
import org.vireo.vip.internal.frame.MacAddress;

/**
 * The link-layer addresses of unicast peers, from the kernel's neighbour table ({@code ip neigh}). Lookups
 * never block the VRRP thread: they answer from the cache and refresh it in the background; a peer the
 * kernel does not know yet is resolved by sending it one UDP datagram (port 9, discard), which makes the
 * kernel ask for it with ARP or neighbour discovery.
 */
final class NeighborCache {

    private static final Logger LOG = LoggerFactory.getLogger(NeighborCache.class);
    private static final long REFRESH_NANOS = 30_000_000_000L;

    private record Entry(MacAddress mac, long resolvedAt) {
    }

    private final String interfaceName;
    private final IpCommand ip;
    private final ExecutorService background;
    private final Map<InetAddress, Entry> entries = new ConcurrentHashMap<>();
    private final Map<InetAddress, Boolean> pending = new ConcurrentHashMap<>();

    NeighborCache(String interfaceName, IpCommand ip, ExecutorService background) {
        this.interfaceName = interfaceName;
        this.ip = ip;
        this.background = background;
    }

    /** The peer's MAC as last resolved (maybe empty); starts a refresh when it is missing or old. */
    Optional<MacAddress> lookup(InetAddress peer) {
        Entry e = entries.get(peer);
        if ((e == null || System.nanoTime() - e.resolvedAt() > REFRESH_NANOS) && pending.putIfAbsent(peer, true) == null) {
            try {
                background.execute(() -> refresh(peer));
            } catch (RejectedExecutionException stopped) {
                pending.remove(peer);
            }
        }
        return e == null ? Optional.empty() : Optional.of(e.mac());
    }

    private void refresh(InetAddress peer) {
        try {
            MacAddress mac = parse(ip.run("neigh", "show", "to", peer.getHostAddress(), "dev", interfaceName));
            if (mac == null) {
                try (DatagramSocket socket = new DatagramSocket()) {
                    socket.send(new DatagramPacket(new byte[1], 1, scoped(peer), 9));
                }
            } else {
                entries.put(peer, new Entry(mac, System.nanoTime()));
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("resolving unicast peer {} on {}: {}", peer, interfaceName, e.toString());
        } finally {
            pending.remove(peer);
        }
    }

    /** A link-local IPv6 peer is reached on this interface only: the kernel refuses one without its scope. */
    private InetAddress scoped(InetAddress peer) throws IOException {
        if (peer instanceof Inet6Address v6 && v6.isLinkLocalAddress() && v6.getScopeId() == 0) {
            NetworkInterface link = NetworkInterface.getByName(interfaceName);
            if (link != null) {
                return Inet6Address.getByAddress(null, v6.getAddress(), link);
            }
        }
        return peer;
    }

    /** The lladdr of a usable entry in {@code ip neigh show} output ("10.0.0.2 lladdr 02:.. REACHABLE"), or null. */
    static MacAddress parse(String output) {
        for (String line : output.split("\n")) {
            String[] words = line.trim().split("\\s+");
            for (int i = 0; i + 1 < words.length; i++) {
                if (words[i].equals("lladdr") && !line.contains("FAILED") && !line.contains("INCOMPLETE")) {
                    return MacAddress.parse(words[i + 1]);
                }
            }
        }
        return null;
    }
}
