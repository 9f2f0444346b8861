package org.vireo.vip.internal.pcap;

import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.vip.internal.alias.IpCommand;
import org.vireo.vip.internal.frame.MacAddress;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.DropTally;
import org.vireo.vrrp.VrrpTransport;

/**
 * VRRP on the wire through libpcap (pcap4j): one {@link PcapLink} per interface, shared by the channels of
 * every instance on it, opened with the first channel and closed with the last.
 */
@Component(service = {VrrpTransport.class, PcapTransport.class},
    property = VrrpTransport.KIND_PROPERTY + "=pcap")
public class PcapTransport implements VrrpTransport {

    private static final InetAddress GROUP_V4 = literal("224.0.0.18");
    private static final InetAddress GROUP_V6 = literal("ff02::12");

    private static final Logger LOG = LoggerFactory.getLogger(PcapTransport.class);
    private static final long WATCH_MILLIS = 500;

    private final IpCommand ip = new IpCommand(List.of());
    /** Off the VRRP path, at normal priority: neighbour lookups and the interfaces' watch. */
    private final ScheduledExecutorService background = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "vireo-pcap-background");
        t.setDaemon(true);
        return t;
    });
    private final Map<String, PcapLink> links = new HashMap<>();
    private final Map<String, NeighborCache> neighbors = new HashMap<>();
    /** Per interface, across the links it has had: what no channel took. */
    private final Map<String, DropTally> drops = new ConcurrentHashMap<>();

    public PcapTransport() {
        background.scheduleWithFixedDelay(this::watch, WATCH_MILLIS, WATCH_MILLIS, TimeUnit.MILLISECONDS);
    }

    /**
     * Fails the link of an interface that went away or down (its instances go to FAULT until it is back), and
     * logs frames that reached a link's receive thread late.
     */
    private void watch() {
        List<PcapLink> open;
        synchronized (this) {
            open = List.copyOf(links.values());
        }
        for (PcapLink link : open) {
            String failure = PcapErrors.unusable(link.name());
            if (failure != null && link.isOpen()) {
                link.fail(failure);
            }
            String late = link.lateFramesReport();
            if (late != null) {
                LOG.warn(late);
            }
        }
    }

    /**
     * Opens the instance's channel on the interface's link, opening the link first if it has none. A failed open
     * holds nothing: a link opened for it is closed before the exception leaves.
     */
    @Override
    public synchronized Channel open(ChannelSpec spec, Receiver receiver) throws IOException {
        String name = spec.interfaceName();
        PcapLink running = links.get(name);
        // the link first: a node that cannot capture fails here, before any fork of ip
        PcapLink link = running != null && running.isOpen() ? running
            : PcapLink.open(name, drops.computeIfAbsent(name, n -> new DropTally()), this::closed);
        PcapChannel channel;
        try {
            channel = channelOn(link, spec, receiver);
        } catch (IOException | RuntimeException e) {
            if (link != running) {
                link.close(); // never started: its handles close now
            }
            throw e;
        }
        if (link != running) {
            links.put(name, link);
            link.start();
        }
        return channel;
    }

    private PcapChannel channelOn(PcapLink link, ChannelSpec spec, Receiver receiver) throws IOException {
        String name = spec.interfaceName();
        if (spec.ipv6()) {
            String disabled = PcapErrors.ipv6Unusable(name);
            if (disabled != null) {
                throw new IOException(disabled);
            }
        }
        InetAddress source = PcapLink.primaryAddress(name, spec.ipv6(), spec.virtualAddresses(), ip)
            .orElseThrow(() -> new IOException(name + " has no " + (spec.ipv6() ? "IPv6 link-local" : "IPv4")
                + " address of its own for the adverts to come from (add one: ip addr add ... dev " + name + ")"));
        link.join(spec.ipv6());
        NeighborCache cache = neighbors.computeIfAbsent(name, n -> new NeighborCache(n, ip, background));
        PcapChannel channel = new PcapChannel(link, spec, receiver, source, cache, this::release);
        link.add(channel);
        return channel;
    }

    @Override
    public Map<String, Map<DropReason, Long>> interfaceDrops() {
        Map<String, Map<DropReason, Long>> out = new TreeMap<>();
        drops.forEach((name, tally) -> {
            Map<DropReason, Long> counted = tally.nonZero();
            if (!counted.isEmpty()) {
                out.put(name, counted);
            }
        });
        return Collections.unmodifiableMap(out);
    }

    /** The open channel of an instance, for announcing its VIPs; empty if its link has closed. */
    public synchronized Optional<Outlet> outlet(String interfaceName, boolean ipv6, int vrid) {
        PcapLink link = links.get(interfaceName);
        return link == null ? Optional.empty() : link.channel(ipv6, vrid).map(Outlet.class::cast);
    }

    private synchronized void release(PcapChannel channel) {
        PcapLink link = channel.link();
        if (link.remove(channel) && links.get(link.name()) == link) {
            links.remove(link.name());
            neighbors.remove(link.name());
            link.close();
        }
    }

    /** A link that closed by itself (interface gone): the next open makes a new one. */
    private synchronized void closed(PcapLink link) {
        if (links.get(link.name()) == link) {
            links.remove(link.name());
        }
    }

    @Deactivate
    void deactivate() {
        List<PcapLink> open;
        synchronized (this) {
            open = List.copyOf(links.values());
            links.clear();
        }
        open.forEach(PcapLink::close);
        open.forEach(PcapLink::awaitClosed);
        background.shutdownNow();
    }

    static InetAddress group(boolean ipv6) {
        return ipv6 ? GROUP_V6 : GROUP_V4;
    }

    static MacAddress groupMac(boolean ipv6) {
        return ipv6 ? MacAddress.VRRP_IPV6_MULTICAST : MacAddress.VRRP_IPV4_MULTICAST;
    }

    private static InetAddress literal(String text) {
        try {
            return InetAddress.getByName(text); // a literal: no lookup
        } catch (UnknownHostException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
