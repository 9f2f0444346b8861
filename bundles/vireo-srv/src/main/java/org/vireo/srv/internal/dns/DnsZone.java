package org.vireo.srv.internal.dns;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.zip.CRC32;

import org.vireo.cluster.ClusterNode;
import org.vireo.settings.DnsOptions;
import org.vireo.srv.internal.LoadScore;
import org.xbill.DNS.AAAARecord;
import org.xbill.DNS.ARecord;
import org.xbill.DNS.DClass;
import org.xbill.DNS.NSRecord;
import org.xbill.DNS.Name;
import org.xbill.DNS.Record;
import org.xbill.DNS.SOARecord;
import org.xbill.DNS.SRVRecord;
import org.xbill.DNS.TextParseException;
import org.xbill.DNS.Type;

/**
 * The zone as the registry makes it now: a pure function of the responder's options and the registry's node list, so
 * every member builds the same zone from the same reports (the list is read in name order; nothing of this node, no
 * clock, no randomness).
 *
 * <ul>
 * <li>{@code _<service>._tcp.<zone>} SRV: one record per <b>healthy</b> node (not stale, offering the service, with a
 *     name that is one DNS label and an address), target {@code <node>.<zone>.}, port from its service URL, priority
 *     from {@link DnsOptions#priorityOf}, weight from its load ({@link #weight}); none healthy: the one record
 *     {@code 0 0 0 .} (RFC 2782: the service is decidedly not available).</li>
 * <li>{@code <node>.<zone>} A/AAAA for every node that is not stale: the IP literals among the hosts of the URLs of
 *     the served services it offers, else its registry address.</li>
 * <li>The apex: SOA (its serial a checksum of the other records, so equal zones have equal serials) and NS.</li>
 * </ul>
 */
public final class DnsZone {

    /** The registry service a node's responder offers while it listens: the default NS set is these nodes. */
    public static final String DNS_SERVICE = "vireo-dns";
    /** A node name that is one DNS label can name a target; others are left out of the zone. */
    private static final Pattern LABEL = Pattern.compile("[A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?");
    private static final long REFRESH = 3600;
    private static final long RETRY = 600;
    private static final long EXPIRE = 86400;

    private final Name apex;
    private final SOARecord soa;
    /** Owner name -> its records; names with no records of their own (empty non-terminals) map to an empty list. */
    private final Map<Name, List<Record>> names;

    private DnsZone(Name apex, SOARecord soa, Map<Name, List<Record>> names) {
        this.apex = apex;
        this.soa = soa;
        this.names = names;
    }

    /**
     * The zone of {@code options} over {@code nodes}.
     *
     * @throws IllegalArgumentException when the options name no zone
     */
    public static DnsZone of(DnsOptions options, List<ClusterNode> nodes) {
        Name apex = name(options.zone(), Name.root);
        List<ClusterNode> sorted = nodes.stream().filter(n -> !n.stale() && LABEL.matcher(n.name()).matches())
            .sorted(Comparator.comparing(ClusterNode::name)).toList();
        Map<Name, List<Record>> names = new LinkedHashMap<>();
        names.put(apex, new ArrayList<>());
        long ttl = options.ttl();
        LoadScore score = new LoadScore(options.connectionsAtFullLoad());
        for (ClusterNode n : sorted) {
            Name host = name(n.name(), apex);
            List<Record> records = new ArrayList<>();
            for (InetAddress a : addresses(n, options.services())) {
                records.add(a instanceof Inet4Address v4 ? new ARecord(host, DClass.IN, ttl, v4)
                    : new AAAARecord(host, DClass.IN, ttl, a));
            }
            names.put(host, records);
        }
        if (!options.services().isEmpty()) {
            names.put(name("_tcp", apex), new ArrayList<>());
        }
        for (String service : options.services()) {
            Name owner = name("_" + service + "._tcp", apex);
            List<Record> srv = new ArrayList<>();
            for (ClusterNode n : sorted) {
                Name host = name(n.name(), apex);
                Optional<Integer> port = port(n.services().get(service));
                if (port.isPresent() && !names.get(host).isEmpty()) {
                    srv.add(new SRVRecord(owner, DClass.IN, ttl, options.priorityOf(n.name(), n.role()),
                        n.load().map(l -> weight(score.of(l))).orElse(1), port.get(), host));
                }
            }
            if (srv.isEmpty()) {
                srv.add(new SRVRecord(owner, DClass.IN, ttl, 0, 0, 0, Name.root));
            }
            names.put(owner, srv);
        }
        List<Name> servers = nameServers(options, sorted, apex);
        List<Record> apexRecords = names.get(apex);
        servers.forEach(ns -> apexRecords.add(new NSRecord(apex, DClass.IN, ttl, ns)));
        SOARecord soa = new SOARecord(apex, DClass.IN, ttl, servers.isEmpty() ? apex : servers.get(0),
            name(options.contact(), apex), serial(names), REFRESH, RETRY, EXPIRE, options.negativeTtl());
        apexRecords.add(0, soa);
        return new DnsZone(apex, soa, names);
    }

    /**
     * The SRV weight of a node with this load score (0 idle, 1 full): 100 × (1 − score), at least 1 (0 would mean
     * "almost never" to RFC 2782 clients) and whole. Less load, more weight; deterministic.
     */
    static int weight(double score) {
        double free = 1.0 - Math.min(1.0, Math.max(0.0, score));
        return Math.max(1, (int) Math.round(100 * free));
    }

    /** The zone's apex. */
    public Name apex() {
        return apex;
    }

    public SOARecord soa() {
        return soa;
    }

    /** Whether {@code name} is at or under the apex. */
    public boolean contains(Name name) {
        return name.subdomain(apex);
    }

    /** The records at {@code name}: empty for a name that exists without records of its own; none: no such name. */
    public Optional<List<Record>> at(Name name) {
        return Optional.ofNullable(names.get(name.canonicalize()));
    }

    /** Every record, in order (for {@code srv:dns}). */
    public List<Record> records() {
        return names.values().stream().flatMap(List::stream).toList();
    }

    private static List<Name> nameServers(DnsOptions options, List<ClusterNode> nodes, Name apex) {
        List<Name> out = new ArrayList<>();
        if (!options.nameServers().isEmpty()) {
            options.nameServers().forEach(ns -> out.add(ns.endsWith(".") ? name(ns, Name.root) : name(ns, apex)));
            return out;
        }
        List<ClusterNode> dns = nodes.stream().filter(n -> n.services().containsKey(DNS_SERVICE)).toList();
        (dns.isEmpty() ? nodes : dns).forEach(n -> out.add(name(n.name(), apex)));
        return out;
    }

    /**
     * A node's addresses: the IP literals among the hosts of its served services' URLs (where clients reach them),
     * else its registry address when that is one; sorted, IPv4 first.
     */
    private static List<InetAddress> addresses(ClusterNode n, List<String> services) {
        TreeSet<String> literals = new TreeSet<>();
        for (String s : services) {
            Optional.ofNullable(n.services().get(s)).flatMap(DnsZone::host).ifPresent(literals::add);
        }
        if (literals.isEmpty()) {
            literal(n.address()).ifPresent(a -> literals.add(n.address().trim()));
        }
        return literals.stream().map(DnsZone::literal).flatMap(Optional::stream).distinct()
            .sorted(Comparator.comparing((InetAddress a) -> a instanceof Inet4Address ? 0 : 1)
                .thenComparing(InetAddress::getHostAddress)).toList();
    }

    private static Optional<String> host(String url) {
        try {
            String h = URI.create(url).getHost();
            if (h == null) {
                return Optional.empty();
            }
            String bare = h.startsWith("[") ? h.substring(1, h.length() - 1) : h;
            return literal(bare).map(a -> bare);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** The port of a service URL: its own, else its scheme's (http 80, https 443); none for others. */
    private static Optional<Integer> port(String url) {
        if (url == null) {
            return Optional.empty();
        }
        try {
            URI u = URI.create(url);
            if (u.getPort() > 0) {
                return Optional.of(u.getPort());
            }
            return switch (String.valueOf(u.getScheme()).toLowerCase(java.util.Locale.ROOT)) {
                case "http" -> Optional.of(80);
                case "https" -> Optional.of(443);
                default -> Optional.empty();
            };
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** An IP literal (never a lookup: the text must be one). */
    static Optional<InetAddress> literal(String text) {
        String t = text == null ? "" : text.trim();
        if (!t.matches("\\d{1,3}(\\.\\d{1,3}){3}|[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*")) {
            return Optional.empty();
        }
        try {
            return Optional.of(InetAddress.getByName(t));
        } catch (java.net.UnknownHostException e) {
            return Optional.empty();
        }
    }

    private static long serial(Map<Name, List<Record>> names) {
        CRC32 crc = new CRC32();
        names.values().forEach(rs -> rs.forEach(r -> crc.update(r.toString().getBytes(StandardCharsets.UTF_8))));
        return Math.max(1, crc.getValue());
    }

    private static Name name(String text, Name origin) {
        try {
            return Name.fromString(text, origin).canonicalize();
        } catch (TextParseException e) {
            throw new IllegalArgumentException("not a DNS name: " + text, e);
        }
    }
}
