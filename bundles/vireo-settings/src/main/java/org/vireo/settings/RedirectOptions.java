package org.vireo.settings;

import java.net.InetAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import org.vireo.config.ConfigReader;
import org.vireo.config.ConfigValues;
import org.vireo.config.Setting;

/**
 * The redirect balancer's settings: the cluster-wide PID {@value #PID} (replicated by config sync, so every node
 * answers alike) and the node-local PID {@value #LOCAL_PID} (where this node listens and how clients reach it). Each
 * key's name and default is their metatypes', {@link RedirectConfig}'s and {@link RedirectLocalConfig}'s.
 *
 * @param enabled               the endpoint listens
 * @param port                  its TCP port, the same on every node
 * @param path                  the login path it answers (others: 404)
 * @param service               the service name it balances (as nodes offer it in the registry)
 * @param margin                this node answers itself while its load score is within this of the best one
 * @param connectionsAtFullLoad open client connections that count as much as a full CPU
 * @param bindAddress           the address it listens on; empty: all
 * @param advertisedHost        the host (name or IP) other nodes send clients to; empty: this node's cluster address
 * @param keystore              a PKCS12 file with this node's key and certificate: the endpoint speaks HTTPS; empty:
 *                              plain HTTP
 * @param keystorePassword      its password
 */
public record RedirectOptions(boolean enabled, int port, String path, String service, double margin,
                              int connectionsAtFullLoad, Optional<InetAddress> bindAddress,
                              Optional<String> advertisedHost, Optional<Path> keystore, String keystorePassword) {

    @Override
    public String toString() { // never the password (it reaches logs through the component)
        return "RedirectOptions[enabled=" + enabled + ", port=" + port + ", path=" + path + ", service=" + service
            + ", margin=" + margin + ", connectionsAtFullLoad=" + connectionsAtFullLoad + ", bindAddress="
            + bindAddress + ", advertisedHost=" + advertisedHost + ", keystore=" + keystore + "]";
    }

    public static final String PID = "org.vireo.srv.redirect";
    public static final String LOCAL_PID = "org.vireo.srv.redirect.local";
    private static final Pattern ABSOLUTE_PATH = Pattern.compile("/[A-Za-z0-9._~/-]{0,200}");
    /** A service name, as configured here and as a client may ask for one ({@code ?service=}). */
    public static final Pattern SERVICE_NAME = Pattern.compile("[A-Za-z0-9._-]{1,63}");
    public static final String SERVICE_NAME_EXPECTED = "1-63 letters, digits, '.', '_' or '-'";
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9.-]{1,253}|\\[?[0-9A-Fa-f:.]{2,45}]?");

    // the keys as RedirectConfig and RedirectLocalConfig declare them, with their defaults (public: the redirect
    // component claims its port under its key)
    public static final Setting<Boolean> ENABLED = Setting.of(RedirectConfig.class, RedirectConfig::enabled);
    public static final Setting<Integer> PORT = Setting.of(RedirectConfig.class, RedirectConfig::port);
    public static final Setting<String> PATH = Setting.of(RedirectConfig.class, RedirectConfig::path);
    public static final Setting<String> SERVICE = Setting.of(RedirectConfig.class, RedirectConfig::service);
    public static final Setting<Double> MARGIN = Setting.of(RedirectConfig.class, RedirectConfig::margin);
    public static final Setting<Integer> CONNECTIONS_AT_FULL_LOAD =
        Setting.of(RedirectConfig.class, RedirectConfig::connectionsAtFullLoad);
    public static final Setting<String> BIND_ADDRESS =
        Setting.of(RedirectLocalConfig.class, RedirectLocalConfig::bindAddress);
    public static final Setting<String> ADVERTISED_HOST =
        Setting.of(RedirectLocalConfig.class, RedirectLocalConfig::advertisedHost);
    public static final Setting<String> KEYSTORE = Setting.of(RedirectLocalConfig.class, RedirectLocalConfig::keystore);
    public static final Setting<String> KEYSTORE_PASSWORD =
        Setting.of(RedirectLocalConfig.class, RedirectLocalConfig::keystorePassword);

    /**
     * @param config the merged properties of both PIDs, as DS hands them over (or one of them)
     * @throws IllegalArgumentException naming the PIDs, every bad key and value, and what is accepted, and every key
     *                                  it does not read
     */
    public static RedirectOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        // one parse of both PIDs, each read through its part: an emptied file, or a key in the other PID's file
        // (a node-local one in the file config sync sends to every node), is refused
        ConfigReader cluster = raw.part(PID);
        ConfigReader local = raw.part(LOCAL_PID);
        boolean enabled = ConfigValues.bool(cluster, ENABLED, errors);
        int port = ConfigValues.integer(cluster, PORT, 1, 65535, errors);
        String path = ConfigValues.text(cluster, PATH);
        if (!ABSOLUTE_PATH.matcher(path).matches()) {
            errors.add(PATH + " = '" + path + "': expected an absolute path of letters, digits and . _ ~ / -");
        }
        String service = ConfigValues.text(cluster, SERVICE);
        if (!SERVICE_NAME.matcher(service).matches()) {
            errors.add(SERVICE + " = '" + service + "': expected " + SERVICE_NAME_EXPECTED);
        }
        double margin = ConfigValues.decimal(cluster, MARGIN, v -> v >= 0 && v <= 1,
            "a number from 0 to 1 (a share of a full CPU)", errors);
        int full = ConfigValues.integer(cluster, CONNECTIONS_AT_FULL_LOAD, 1, 10_000_000, errors);
        Optional<InetAddress> bind = Optional.empty();
        String b = ConfigValues.text(local, BIND_ADDRESS);
        if (!b.isEmpty()) {
            bind = literal(b);
            if (bind.isEmpty()) {
                errors.add(BIND_ADDRESS + " = '" + b + "': expected an IPv4 or IPv6 literal, or nothing for all"
                    + " addresses");
            }
        }
        String host = ConfigValues.text(local, ADVERTISED_HOST);
        if (!host.isEmpty() && !HOST.matcher(host).matches()) {
            errors.add(ADVERTISED_HOST + " = '" + host + "': expected a host name or an IP literal, without port");
        }
        String store = ConfigValues.text(local, KEYSTORE);
        String password = ConfigValues.text(local, KEYSTORE_PASSWORD);
        if (!store.isEmpty() && !Path.of(store).isAbsolute()) {
            errors.add(KEYSTORE + " = '" + store + "': expected an absolute path to a PKCS12 file, or nothing for plain"
                + " HTTP");
        } else if (!store.isEmpty() && password.isEmpty()) {
            errors.add(KEYSTORE_PASSWORD + " is missing: expected the password of " + store);
        }
        raw.refuseIfAny(ConfigReader.refusal(PID + " / " + LOCAL_PID), errors);
        return new RedirectOptions(enabled, port, path, service, margin, full, bind,
            host.isEmpty() ? Optional.empty() : Optional.of(host),
            store.isEmpty() ? Optional.empty() : Optional.of(Path.of(store)), password);
    }

    private static Optional<InetAddress> literal(String text) {
        return AddressLiterals.parse(text);
    }

    /**
     * The URL other nodes redirect clients to: {@code http(s)://host:port/path}, the host being {@code advertisedHost},
     * else the bind address, else {@code clusterAddress} (IPv6 in brackets); empty when none of them is set (a
     * node outside a cluster with neither set has no address to give).
     */
    public Optional<String> advertisedUrl(String clusterAddress) {
        String host = advertisedHost.orElseGet(() -> bindAddress.filter(a -> !a.isAnyLocalAddress())
            .map(InetAddress::getHostAddress).orElse(clusterAddress.trim()));
        if (host.isEmpty()) {
            return Optional.empty();
        }
        if (host.contains(":") && !host.startsWith("[")) {
            host = "[" + host + "]";
        }
        return Optional.of((keystore.isPresent() ? "https://" : "http://") + host + ":" + port + path);
    }
}
