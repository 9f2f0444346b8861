package org.vireo.settings;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

import org.vireo.config.ConfigReader;
import org.vireo.config.ConfigValues;
import org.vireo.config.Setting;

/**
 * The dynamic SRV responder's settings: the cluster-wide PID {@value #PID} (replicated by config sync: everything that
 * shapes an answer, so every member answers alike) and the node-local PID {@value #LOCAL_PID} (where this node
 * listens). Each key's name and default is their metatypes', {@link DnsConfig}'s and {@link DnsLocalConfig}'s.
 *
 * @param enabled               the responder listens
 * @param port                  its UDP and TCP port, the same on every node
 * @param zone                  the zone, lower case, absolute ({@code vpn.example.com.}); empty while not set
 * @param services              the registry service names answered as {@code _<service>._tcp.<zone>}
 * @param priority              the SRV priority of a node that no rule names
 * @param rolePriorities        role (director, backup, scanner) -> priority
 * @param nodePriorities        node name -> priority (before its role's)
 * @param ttl                   the TTL of every record answered, seconds
 * @param negativeTtl           the SOA minimum: how long a negative answer is kept (RFC 2308), seconds
 * @param nameServers           the NS names as written: a node name, or an absolute name (lower case, ending in '.');
 *                              empty: every healthy node whose responder runs
 * @param contact               the SOA's mailbox as a name: relative to the zone, or absolute ending in '.'
 * @param connectionsAtFullLoad open client connections that weigh as much as a full CPU in the load score
 * @param maxUdpPayload         the EDNS(0) UDP payload offered, bytes
 * @param rateLimit             queries per second from one client address; 0: no limit
 * @param rateBurst             queries one client may send at once above the rate
 * @param bindAddresses         where this node listens (UDP and TCP on each); empty: all addresses
 */
public record DnsOptions(boolean enabled, int port, String zone, List<String> services, int priority,
                         Map<String, Integer> rolePriorities, Map<String, Integer> nodePriorities, int ttl,
                         int negativeTtl, List<String> nameServers, String contact, int connectionsAtFullLoad,
                         int maxUdpPayload, int rateLimit, int rateBurst, List<InetAddress> bindAddresses) {

    public static final String PID = "org.vireo.srv.dns";
    public static final String LOCAL_PID = "org.vireo.srv.dns.local";
    /** The roles a node reports (one that also scans reports {@code director+scan}: its role is director). */
    public static final List<String> ROLES = List.of("director", "backup", "scanner");

    private static final String LABEL = "[A-Za-z0-9_]([A-Za-z0-9_-]{0,61}[A-Za-z0-9_])?";
    /** A domain name of LDH labels (underscores allowed), with or without the final dot. */
    private static final Pattern DOMAIN = Pattern.compile("(" + LABEL + ")(\\." + LABEL + ")*\\.?");
    /** A service as one label after its '_': no dot. */
    public static final Pattern SERVICE_LABEL = Pattern.compile("[A-Za-z0-9-]{1,62}");
    private static final Pattern NODE_NAME = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    public static final Setting<Boolean> ENABLED = Setting.of(DnsConfig.class, DnsConfig::enabled);
    public static final Setting<Integer> PORT = Setting.of(DnsConfig.class, DnsConfig::port);
    public static final Setting<String> ZONE = Setting.of(DnsConfig.class, DnsConfig::zone);
    public static final Setting<String[]> SERVICES = Setting.of(DnsConfig.class, DnsConfig::services);
    public static final Setting<Integer> PRIORITY = Setting.of(DnsConfig.class, DnsConfig::priority);
    public static final Setting<String[]> ROLE_PRIORITIES = Setting.of(DnsConfig.class, DnsConfig::rolePriorities);
    public static final Setting<String[]> NODE_PRIORITIES = Setting.of(DnsConfig.class, DnsConfig::nodePriorities);
    public static final Setting<Integer> TTL = Setting.of(DnsConfig.class, DnsConfig::ttl);
    public static final Setting<Integer> NEGATIVE_TTL = Setting.of(DnsConfig.class, DnsConfig::negativeTtl);
    public static final Setting<String[]> NAME_SERVERS = Setting.of(DnsConfig.class, DnsConfig::nameServers);
    public static final Setting<String> CONTACT = Setting.of(DnsConfig.class, DnsConfig::contact);
    public static final Setting<Integer> CONNECTIONS_AT_FULL_LOAD =
        Setting.of(DnsConfig.class, DnsConfig::connectionsAtFullLoad);
    public static final Setting<Integer> MAX_UDP_PAYLOAD = Setting.of(DnsConfig.class, DnsConfig::maxUdpPayload);
    public static final Setting<Integer> RATE_LIMIT = Setting.of(DnsConfig.class, DnsConfig::rateLimit);
    public static final Setting<Integer> RATE_BURST = Setting.of(DnsConfig.class, DnsConfig::rateBurst);
    public static final Setting<String[]> BIND_ADDRESSES =
        Setting.of(DnsLocalConfig.class, DnsLocalConfig::bindAddresses);

    public DnsOptions {
        services = List.copyOf(services);
        rolePriorities = Map.copyOf(rolePriorities);
        nodePriorities = Map.copyOf(nodePriorities);
        nameServers = List.copyOf(nameServers);
        bindAddresses = List.copyOf(bindAddresses);
    }

    /**
     * @param config the merged properties of both PIDs, as DS hands them over (or one of them)
     * @throws IllegalArgumentException naming the PIDs, every bad key and value, and what is accepted, and every key
     *                                  it does not read
     */
    public static DnsOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        // both PIDs read through their parts, as RedirectOptions': a key in the other PID's file is refused
        ConfigReader cluster = raw.part(PID);
        boolean enabled = ConfigValues.bool(cluster, ENABLED, errors);
        String zone = zone(ConfigValues.text(cluster, ZONE), enabled, errors);
        int port = ConfigValues.integer(cluster, PORT, 1, 65535, errors);
        List<String> services = ConfigValues.list(cluster, SERVICES);
        for (String s : services) {
            if (!SERVICE_LABEL.matcher(s).matches()) {
                errors.add(SERVICES + ": '" + s + "': expected 1-62 letters, digits or '-' (one DNS label after its"
                    + " _)");
            }
        }
        int priority = ConfigValues.integer(cluster, PRIORITY, 0, 65535, errors);
        Map<String, Integer> roles = priorities(ConfigValues.list(cluster, ROLE_PRIORITIES), ROLE_PRIORITIES,
            r -> ROLES.contains(r), "one of " + String.join(", ", ROLES), errors);
        Map<String, Integer> nodes = priorities(ConfigValues.list(cluster, NODE_PRIORITIES), NODE_PRIORITIES,
            n -> NODE_NAME.matcher(n).matches(), "a node name (1-64 letters, digits, '.', '_', '-')", errors);
        int ttl = ConfigValues.integer(cluster, TTL, 1, 3600, errors);
        int negativeTtl = ConfigValues.integer(cluster, NEGATIVE_TTL, 0, 3600, errors);
        List<String> nameServers = new ArrayList<>();
        for (String ns : ConfigValues.list(cluster, NAME_SERVERS)) {
            boolean absolute = ns.endsWith(".");
            if (absolute ? !DOMAIN.matcher(ns).matches() || ns.length() > 254 : !NODE_NAME.matcher(ns).matches()) {
                errors.add(NAME_SERVERS + ": '" + ns + "': expected a node name, or an absolute name ending in '.'");
            }
            nameServers.add(absolute ? ns.toLowerCase(Locale.ROOT) : ns);
        }
        String contact = ConfigValues.text(cluster, CONTACT);
        if (!DOMAIN.matcher(contact).matches() || contact.length() > 200) {
            errors.add(CONTACT + " = '" + contact + "': expected a name (hostmaster), relative to the zone, or absolute"
                + " ending in '.'");
        }
        int full = ConfigValues.integer(cluster, CONNECTIONS_AT_FULL_LOAD, 1, 10_000_000, errors);
        int payload = ConfigValues.integer(cluster, MAX_UDP_PAYLOAD, 512, 4096, errors);
        int rate = ConfigValues.integer(cluster, RATE_LIMIT, 0, 100_000, errors);
        int burst = ConfigValues.integer(cluster, RATE_BURST, 1, 1_000_000, errors);
        List<InetAddress> bind = new ArrayList<>();
        for (String b : ConfigValues.list(raw.part(LOCAL_PID), BIND_ADDRESSES)) {
            Optional<InetAddress> a = AddressLiterals.parse(b);
            a.ifPresentOrElse(bind::add, () -> errors.add(BIND_ADDRESSES + ": '" + b + "': expected an IPv4 or IPv6"
                + " literal; no value at all for all addresses"));
        }
        raw.refuseIfAny(ConfigReader.refusal(PID + " / " + LOCAL_PID), errors);
        return new DnsOptions(enabled, port, zone, services, priority, roles, nodes, ttl, negativeTtl, nameServers,
            contact.toLowerCase(Locale.ROOT), full, payload, rate, burst, bind.stream().distinct().toList());
    }

    private static String zone(String text, boolean enabled, List<String> errors) {
        if (text.isEmpty()) {
            if (enabled) {
                errors.add(ZONE + " is missing: expected the zone answered, such as vpn.example.com");
            }
            return "";
        }
        if (!DOMAIN.matcher(text).matches() || text.length() > 200) {
            errors.add(ZONE + " = '" + text + "': expected a domain name such as vpn.example.com (labels of letters,"
                + " digits, '-', at most 200 characters)");
            return "";
        }
        String lower = text.toLowerCase(Locale.ROOT);
        return lower.endsWith(".") ? lower : lower + ".";
    }

    private static Map<String, Integer> priorities(List<String> items, Setting<String[]> key,
                                                   java.util.function.Predicate<String> nameOk, String names,
                                                   List<String> errors) {
        Map<String, Integer> out = new TreeMap<>();
        for (String item : items) {
            int eq = item.indexOf('=');
            String name = eq < 0 ? item : item.substring(0, eq).trim();
            String value = eq < 0 ? "" : item.substring(eq + 1).trim();
            Integer p = null;
            try {
                p = Integer.valueOf(value);
            } catch (NumberFormatException e) {
                // told below
            }
            if (!nameOk.test(name) || p == null || p < 0 || p > 65535 || out.containsKey(name)) {
                errors.add(key + ": '" + item + "': expected name=priority, the name " + names + " (each once), the"
                    + " priority 0-65535");
            } else {
                out.put(name, p);
            }
        }
        return out;
    }

    /** A node's SRV priority: its own rule, else its role's ({@code director+scan} is a director), else the default. */
    public int priorityOf(String node, String role) {
        Integer own = nodePriorities.get(node);
        if (own != null) {
            return own;
        }
        int plus = role.indexOf('+');
        return rolePriorities.getOrDefault(plus < 0 ? role : role.substring(0, plus), priority);
    }
}
