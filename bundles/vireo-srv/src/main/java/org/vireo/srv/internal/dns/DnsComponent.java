package org.vireo.srv.internal.dns;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.NodeRegistry;
import org.vireo.cluster.NodeStatusSource;
import org.vireo.config.ListeningPorts;
import org.vireo.settings.DnsOptions;
import org.vireo.srv.internal.Wildcard;
import org.vireo.srv.internal.dns.DnsResponder.Outcome;
import org.vireo.srv.internal.dns.DnsResponder.Transport;
import org.xbill.DNS.Rcode;

/**
 * Runs the dynamic SRV responder with {@value DnsOptions#PID} (cluster-wide) and {@value DnsOptions#LOCAL_PID} (this
 * node): while enabled it listens (UDP and TCP), answers every query from the zone the registry makes now
 * ({@link DnsZone}, {@link DnsResponder}), within each client's rate ({@link RateLimiter}), and offers
 * {@value DnsZone#DNS_SERVICE} in this node's registry report (the default NS set). A change of where it listens
 * re-binds; any other change applies to the next query. A refused configuration is logged and shown, and the last
 * good one stays.
 */
@Component(service = {DnsComponent.class, NodeStatusSource.class},
    configurationPid = {DnsOptions.PID, DnsOptions.LOCAL_PID}, immediate = true)
public class DnsComponent implements NodeStatusSource {

    private static final Logger LOG = LoggerFactory.getLogger(DnsComponent.class);
    /** Rate-limited queries are logged at most this often (a flood must not flood the log). */
    private static final long LOG_EVERY_NANOS = 60_000_000_000L;

    /** What {@code srv:dns} shows. */
    public record Status(DnsOptions options, List<InetSocketAddress> listening, Optional<String> problem,
                         Optional<DnsZone> zone, Map<String, Long> counters) {
    }

    @Reference
    NodeRegistry registry;
    @Reference
    ListeningPorts ports;

    private volatile DnsOptions options;
    private volatile RateLimiter limiter;
    private volatile DnsServer server;
    private volatile String problem;
    /** The zone of the last registry list seen, with that list and the options it was built with. */
    private volatile Built built;
    private final Map<String, LongAdder> counters = new ConcurrentHashMap<>();
    private final AtomicLong limitedSinceLog = new AtomicLong();
    private volatile long lastLimitLog = System.nanoTime() - LOG_EVERY_NANOS;

    private record Built(DnsOptions options, List<ClusterNode> nodes, DnsZone zone) {
    }

    @Activate
    synchronized void activate(Map<String, Object> properties) {
        try {
            DnsOptions first = DnsOptions.parse(properties);
            claim(first);
            options = first;
        } catch (IllegalArgumentException e) {
            problem = e.getMessage();
            LOG.error("{}; the DNS responder stays off until it is corrected", e.getMessage());
            return;
        }
        apply(null);
    }

    @Modified
    synchronized void modified(Map<String, Object> properties) {
        DnsOptions next;
        try {
            next = DnsOptions.parse(properties);
            claim(next);
        } catch (IllegalArgumentException e) {
            problem = e.getMessage();
            LOG.error("{}; the DNS responder goes on with its previous configuration", e.getMessage());
            if (options != null) {
                claim(options);
            }
            return;
        }
        DnsOptions previous = options;
        options = next;
        apply(previous);
    }

    @Deactivate
    synchronized void deactivate() {
        options = null;
        close();
        ports.release(DnsOptions.PID);
    }

    private void claim(DnsOptions o) {
        try {
            ports.claim(DnsOptions.PID, o.enabled() ? addresses(o).stream().map(a -> new ListeningPorts.Port(
                DnsOptions.PORT.key(), a.getAddress(), o.port())).toList() : List.of());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("configuration " + DnsOptions.PID + " refused: " + e.getMessage(), e);
        }
    }

    /** Listens anew when where it listens changed (or it did not listen); else the next query reads the new options. */
    private void apply(DnsOptions previous) {
        DnsOptions o = options;
        limiter = new RateLimiter(o.rateLimit(), o.rateBurst(), System::nanoTime);
        problem = null;
        if (!o.enabled()) {
            close();
            LOG.info("srv: DNS responder off (enabled = false in {})", DnsOptions.PID);
            return;
        }
        if (server != null && previous != null && addresses(previous).equals(addresses(o))) {
            LOG.info("srv: DNS responder for {} reconfigured in place", o.zone());
            return;
        }
        close();
        try {
            server = DnsServer.start(addresses(o), this::handle);
            LOG.info("srv: DNS responder for {} listening on {} (UDP and TCP)", o.zone(), server.addresses());
        } catch (IllegalStateException e) {
            problem = e.getMessage();
            LOG.error("srv: DNS responder {}", problem);
        }
    }

    private static List<InetSocketAddress> addresses(DnsOptions o) {
        List<InetAddress> bind = o.bindAddresses().isEmpty() ? List.of(Wildcard.any()) : o.bindAddresses();
        return bind.stream().map(a -> new InetSocketAddress(a, o.port())).toList();
    }

    private void close() {
        DnsServer s = server;
        server = null;
        if (s != null) {
            s.close();
            LOG.info("srv: DNS responder stopped listening");
        }
    }

    Optional<byte[]> handle(byte[] query, InetAddress client, Transport transport) {
        DnsOptions o = options;
        if (o == null) {
            return Optional.empty();
        }
        if (!limiter.allow(client)) {
            count("rate-limited");
            logLimited(client);
            return Optional.empty();
        }
        Outcome out = DnsResponder.respond(zone(o), o.maxUdpPayload(), query, transport);
        count(out.rcode() < 0 ? "dropped" : Rcode.string(out.rcode()).toLowerCase(java.util.Locale.ROOT));
        if (out.truncated()) {
            count("truncated");
        }
        count(transport == Transport.UDP ? "udp" : "tcp");
        return out.reply();
    }

    private void logLimited(InetAddress client) {
        long n = limitedSinceLog.incrementAndGet();
        long now = System.nanoTime();
        if (now - lastLimitLog >= LOG_EVERY_NANOS) {
            lastLimitLog = now;
            limitedSinceLog.addAndGet(-n);
            LOG.warn("srv: DNS responder dropped {} queries over the rate limit ({}/s, burst {}) since the last such"
                + " line, the last from {}", n, options.rateLimit(), options.rateBurst(), client.getHostAddress());
        }
    }

    private void count(String what) {
        counters.computeIfAbsent(what, k -> new LongAdder()).increment();
    }

    /** The zone of the registry now, built again only when the list or the options changed. */
    private DnsZone zone(DnsOptions o) {
        List<ClusterNode> nodes = List.copyOf(registry.nodes()); // kept: what the zone was built from
        Built b = built;
        if (b == null || b.options() != o || !b.nodes().equals(nodes)) {
            b = new Built(o, nodes, DnsZone.of(o, nodes));
            built = b;
        }
        return b.zone();
    }

    /** The service (the default NS set) while this node's responder listens. */
    @Override
    public Map<String, String> services() {
        DnsServer s = server;
        DnsOptions o = options;
        if (s == null || o == null) {
            return Map.of();
        }
        Optional<String> host = o.bindAddresses().stream().filter(a -> !a.isAnyLocalAddress()).findFirst()
            .map(InetAddress::getHostAddress).or(() -> registry.nodes().stream().filter(ClusterNode::self)
                .map(ClusterNode::address).filter(a -> !a.isBlank()).findFirst());
        return host.map(h -> Map.of(DnsZone.DNS_SERVICE, "dns://" + (h.contains(":") ? "[" + h + "]" : h) + ":"
            + o.port())).orElse(Map.of());
    }

    public Status status() {
        DnsOptions o = options;
        DnsServer s = server;
        Map<String, Long> c = new TreeMap<>();
        counters.forEach((k, v) -> c.put(k, v.sum()));
        Optional<DnsZone> z = o != null && o.enabled() && !o.zone().isEmpty() ? Optional.of(zone(o))
            : Optional.empty();
        return new Status(o, s == null ? List.of() : s.addresses(), Optional.ofNullable(problem), z, c);
    }
}
