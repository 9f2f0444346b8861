package org.vireo.scanner.internal.proxy;

import static org.vireo.config.ConfigValues.bool;
import static org.vireo.config.ConfigValues.integer;
import static org.vireo.config.ConfigValues.list;
import static org.vireo.config.ConfigValues.text;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

import org.vireo.config.ConfigReader;
import org.vireo.config.Setting;

/**
 * The forward proxy's configuration (PID {@value #PID}), parsed and checked once; every error names the key, the
 * value and what is accepted. Times are in milliseconds so that tests can make them small.
 *
 * @param authUsers                 user name to the lower-case hex SHA-256 of the password; empty: no proxy
 *                                  authentication
 * @param refusePrivateDestinations whether the private ranges are protected destinations (docs/scanner.md)
 * @param directors                 addresses that may send a PROXY protocol header besides the cluster's
 *                                  directors and backups (which the node registry names)
 * @param requireProxyHeader        a director's connection without a PROXY header is refused
 */
public record ProxyOptions(String listenAddress, int port, int workerThreads, int maxInitialLine, int maxHeaderSize,
                           int maxHeaderCount, int idleTimeoutMillis, int headerTimeoutMillis,
                           int connectTimeoutMillis, int originTimeoutMillis, Set<Integer> connectPorts,
                           String viaName, boolean xForwardedFor, Map<String, String> authUsers,
                           int poolMaxIdlePerHost, int poolIdleTimeoutMillis, int dnsTimeoutMillis,
                           int dnsPositiveTtlMillis, int dnsNegativeTtlMillis, boolean refusePrivateDestinations,
                           Set<InetAddress> directors, boolean requireProxyHeader) {

    public static final String PID = "org.vireo.scanner.proxy";

    // the keys as ProxyConfig (the PID's metatype) declares them, with their defaults
    static final Setting<String> LISTEN_ADDRESS = Setting.of(ProxyConfig.class, ProxyConfig::listenAddress);
    static final Setting<Integer> PORT = Setting.of(ProxyConfig.class, ProxyConfig::port);
    static final Setting<Integer> WORKER_THREADS = Setting.of(ProxyConfig.class, ProxyConfig::workerThreads);
    static final Setting<Integer> MAX_INITIAL_LINE_BYTES =
        Setting.of(ProxyConfig.class, ProxyConfig::maxInitialLineBytes);
    static final Setting<Integer> MAX_HEADER_BYTES = Setting.of(ProxyConfig.class, ProxyConfig::maxHeaderBytes);
    static final Setting<Integer> MAX_HEADER_COUNT = Setting.of(ProxyConfig.class, ProxyConfig::maxHeaderCount);
    static final Setting<Integer> IDLE_TIMEOUT_MILLIS = Setting.of(ProxyConfig.class, ProxyConfig::idleTimeoutMillis);
    static final Setting<Integer> HEADER_TIMEOUT_MILLIS =
        Setting.of(ProxyConfig.class, ProxyConfig::headerTimeoutMillis);
    static final Setting<Integer> CONNECT_TIMEOUT_MILLIS =
        Setting.of(ProxyConfig.class, ProxyConfig::connectTimeoutMillis);
    static final Setting<Integer> ORIGIN_TIMEOUT_MILLIS =
        Setting.of(ProxyConfig.class, ProxyConfig::originTimeoutMillis);
    static final Setting<String[]> CONNECT_PORTS = Setting.of(ProxyConfig.class, ProxyConfig::connectPorts);
    static final Setting<String> VIA_NAME = Setting.of(ProxyConfig.class, ProxyConfig::viaName);
    static final Setting<Boolean> X_FORWARDED_FOR = Setting.of(ProxyConfig.class, ProxyConfig::xForwardedFor);
    static final Setting<String[]> DIRECTORS = Setting.of(ProxyConfig.class, ProxyConfig::directors);
    static final Setting<Boolean> REQUIRE_PROXY_HEADER = Setting.of(ProxyConfig.class, ProxyConfig::requireProxyHeader);
    static final Setting<String[]> AUTH_USERS = Setting.of(ProxyConfig.class, ProxyConfig::authUsers);
    static final Setting<Integer> POOL_MAX_IDLE_PER_HOST =
        Setting.of(ProxyConfig.class, ProxyConfig::poolMaxIdlePerHost);
    static final Setting<Integer> POOL_IDLE_TIMEOUT_MILLIS =
        Setting.of(ProxyConfig.class, ProxyConfig::poolIdleTimeoutMillis);
    static final Setting<Integer> DNS_TIMEOUT_MILLIS = Setting.of(ProxyConfig.class, ProxyConfig::dnsTimeoutMillis);
    static final Setting<Integer> DNS_POSITIVE_TTL_MILLIS =
        Setting.of(ProxyConfig.class, ProxyConfig::dnsPositiveTtlMillis);
    static final Setting<Integer> DNS_NEGATIVE_TTL_MILLIS =
        Setting.of(ProxyConfig.class, ProxyConfig::dnsNegativeTtlMillis);
    static final Setting<String> PRIVATE_DESTINATIONS = Setting.of(ProxyConfig.class, ProxyConfig::privateDestinations);

    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9._-]{1,64}");
    private static final Pattern SHA256_HEX = Pattern.compile("[0-9a-f]{64}");
    private static final int MINUTE = 60_000;
    private static final int DAY = 86_400_000;

    public ProxyOptions {
        connectPorts = Set.copyOf(connectPorts);
        authUsers = Map.copyOf(authUsers);
        directors = Set.copyOf(directors);
    }

    /** The defaults: what an empty configuration gives. */
    public static ProxyOptions defaults() {
        return parse(Map.of());
    }

    /**
     * Parses a configuration as ConfigurationAdmin hands it over.
     *
     * @throws IllegalArgumentException naming the PID, every bad key, its value and what is accepted
     */
    public static ProxyOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        String listen = text(raw, LISTEN_ADDRESS);
        if (literal(listen) == null) {
            errors.add(LISTEN_ADDRESS + " = '" + listen + "': expected an IPv4 or IPv6 address literal (0.0.0.0: all)");
        }
        int port = integer(raw, PORT, 0, 65_535, "0-65535 (0: any free port)", errors);
        // declared without a default: it is the number of cores, which only the node knows
        int cores = Runtime.getRuntime().availableProcessors();
        int workers = integer(raw, WORKER_THREADS.key(), cores, 1, 1024, "1-1024", errors);
        int initialLine = integer(raw, MAX_INITIAL_LINE_BYTES, 256, 1 << 20, "256-1048576", errors);
        int headerSize = integer(raw, MAX_HEADER_BYTES, 1024, 1 << 20, "1024-1048576", errors);
        int headerCount = integer(raw, MAX_HEADER_COUNT, 1, 10_000, "1-10000", errors);
        int idle = integer(raw, IDLE_TIMEOUT_MILLIS, 10, DAY, "10-86400000", errors);
        int header = integer(raw, HEADER_TIMEOUT_MILLIS, 10, 10 * MINUTE, "10-600000", errors);
        int connect = integer(raw, CONNECT_TIMEOUT_MILLIS, 10, 10 * MINUTE, "10-600000", errors);
        int origin = integer(raw, ORIGIN_TIMEOUT_MILLIS, 10, DAY, "10-86400000", errors);
        Set<Integer> ports = ports(raw, CONNECT_PORTS, errors);
        String via = text(raw, VIA_NAME);
        if (via.isEmpty()) { // declared without a default: the host name, looked up only then (a system call)
            via = hostName();
        }
        if (!TOKEN.matcher(via).matches()) {
            errors.add(VIA_NAME + " = '" + via + "': expected 1-64 letters, digits, '.', '_' or '-'");
        }
        boolean xff = bool(raw, X_FORWARDED_FOR, errors);
        Map<String, String> users = users(raw, AUTH_USERS, errors);
        int poolIdle = integer(raw, POOL_MAX_IDLE_PER_HOST, 0, 16_384, "0-16384 (0: no pooling)", errors);
        int poolTimeout = integer(raw, POOL_IDLE_TIMEOUT_MILLIS, 10, DAY, "10-86400000", errors);
        int dnsTimeout = integer(raw, DNS_TIMEOUT_MILLIS, 10, MINUTE, "10-60000", errors);
        int dnsPositive = integer(raw, DNS_POSITIVE_TTL_MILLIS, 0, DAY, "0-86400000 (0: no cache)", errors);
        int dnsNegative = integer(raw, DNS_NEGATIVE_TTL_MILLIS, 0, DAY, "0-86400000 (0: no cache)", errors);
        String privateDestinations = text(raw, PRIVATE_DESTINATIONS);
        if (!privateDestinations.equals("allow") && !privateDestinations.equals("refuse")) {
            errors.add(PRIVATE_DESTINATIONS + " = '" + privateDestinations + "': expected allow or refuse");
        }
        Set<InetAddress> directors = addresses(raw, DIRECTORS, errors);
        boolean requireHeader = bool(raw, REQUIRE_PROXY_HEADER, errors);
        raw.refuseIfAny(ConfigReader.refusal(PID), errors);
        return new ProxyOptions(listen, port, workers, initialLine, headerSize, headerCount, idle, header, connect,
            origin, ports, via, xff, users, poolIdle, poolTimeout, dnsTimeout, dnsPositive, dnsNegative,
            privateDestinations.equals("refuse"), directors, requireHeader);
    }

    /** The listen address as an InetAddress; parse() has checked it is a literal. */
    public InetAddress listenInetAddress() {
        return literal(listenAddress);
    }

    private static String hostName() {
        try {
            String name = InetAddress.getLocalHost().getHostName();
            return TOKEN.matcher(name).matches() ? name : "vireo";
        } catch (UnknownHostException e) {
            return "vireo";
        }
    }

    private static Set<Integer> ports(Map<String, ?> raw, Setting<String[]> key, List<String> errors) {
        Set<Integer> ports = new TreeSet<>();
        for (String item : list(raw, key)) {
            try {
                int p = Integer.parseInt(item);
                if (p < 1 || p > 65_535) {
                    throw new NumberFormatException();
                }
                ports.add(p);
            } catch (NumberFormatException e) {
                errors.add(key + " holds '" + item + "': expected port numbers 1-65535, comma-separated");
            }
        }
        return ports;
    }

    private static Set<InetAddress> addresses(Map<String, ?> raw, Setting<String[]> key, List<String> errors) {
        Set<InetAddress> out = new LinkedHashSet<>();
        for (String item : list(raw, key)) {
            InetAddress a = literal(item);
            if (a == null) {
                errors.add(key + " holds '" + item + "': expected IPv4 or IPv6 address literals, comma-separated"
                    + " (a director's address, as the proxy sees its connections)");
            } else {
                out.add(a);
            }
        }
        return out;
    }

    private static Map<String, String> users(Map<String, ?> raw, Setting<String[]> key, List<String> errors) {
        Map<String, String> users = new LinkedHashMap<>();
        for (String item : list(raw, key)) {
            int colon = item.indexOf(':');
            String name = colon < 0 ? item : item.substring(0, colon);
            String hash = colon < 0 ? "" : item.substring(colon + 1).trim().toLowerCase(java.util.Locale.ROOT);
            if (!TOKEN.matcher(name).matches() || !SHA256_HEX.matcher(hash).matches()) {
                errors.add(key + " holds '" + name + ":...': expected user:sha256hex entries (user: 1-64 letters, "
                    + "digits, '.', '_' or '-'; the password's SHA-256 as 64 hex digits), comma-separated");
            } else if (users.put(name, hash) != null) {
                errors.add(key + " names user '" + name + "' twice");
            }
        }
        return users;
    }

    /** An IP literal, or null; never a DNS lookup. */
    static InetAddress literal(String s) {
        byte[] bytes = io.netty.util.NetUtil.createByteArrayFromIpAddressString(s);
        try {
            return bytes == null ? null : InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            return null;
        }
    }
}
