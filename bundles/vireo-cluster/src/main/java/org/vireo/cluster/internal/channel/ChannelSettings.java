package org.vireo.cluster.internal.channel;

import static org.vireo.config.ConfigValues.bool;
import static org.vireo.config.ConfigValues.integer;
import static org.vireo.config.ConfigValues.list;
import static org.vireo.config.ConfigValues.text;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.vireo.config.ConfigReader;
import org.vireo.config.Setting;
import org.vireo.cluster.internal.node.ClusterConfig;
import org.vireo.cluster.internal.node.SyncOptions;
import org.vireo.cluster.internal.tls.IpLiterals;

/**
 * The node-local cluster channel settings (PID {@value #PID}), parsed and checked once; every error names the PID,
 * the key, the value and what is accepted. Without {@code bindAddress} the cluster is off ({@link #enabled()}).
 *
 * <p>Timing defaults: a member that stops sending heartbeats is suspected after {@code failureTimeoutMillis} (2.5 s,
 * heartbeats every 0.5 s) and, once VERIFY_SUSPECT2 has not heard from it within {@code verifySuspectMillis} (1 s),
 * removed: a dead member leaves the view within about 3.5-4 s. MERGE3 sends its view info every 2-4 s (randomly in
 * {@code mergeMinIntervalMillis..mergeMaxIntervalMillis}) and checks for inconsistent views every 1.6 x max interval,
 * so a healed partition merges within about 5-10 s.
 *
 * @param bindAddress     empty: the cluster is off on this node
 * @param members         the static members (TCPPING), this node possibly among them
 * @param advertisedAddress what peers connect to when a NAT or port forward sits in front of this node; empty: the
 *                          bind address
 * @param advertisedPort  0: the bind port
 */
public record ChannelSettings(String clusterName, Optional<InetAddress> bindAddress, int bindPort,
                              List<InetSocketAddress> members, boolean multicastDiscovery, Path keystore,
                              String keystorePassword, Path truststore, String truststorePassword,
                              int joinTimeoutMillis, int heartbeatIntervalMillis, int failureTimeoutMillis,
                              int verifySuspectMillis, int mergeMinIntervalMillis, int mergeMaxIntervalMillis,
                              Optional<InetAddress> advertisedAddress, int advertisedPort) {

    public static final String PID = SyncOptions.PID; // one PID, two parses

    // the keys as ClusterConfig (the PID's metatype) declares them, with their defaults
    public static final Setting<String> CLUSTER_NAME = Setting.of(ClusterConfig.class, ClusterConfig::clusterName);
    public static final Setting<String> BIND_ADDRESS = Setting.of(ClusterConfig.class, ClusterConfig::bindAddress);
    public static final Setting<Integer> BIND_PORT = Setting.of(ClusterConfig.class, ClusterConfig::bindPort);
    static final Setting<String[]> MEMBERS = Setting.of(ClusterConfig.class, ClusterConfig::members);
    static final Setting<Boolean> MULTICAST_DISCOVERY = Setting.of(ClusterConfig.class,
        ClusterConfig::multicastDiscovery);
    static final Setting<String> KEYSTORE = Setting.of(ClusterConfig.class, ClusterConfig::keystore);
    static final Setting<String> KEYSTORE_PASSWORD = Setting.of(ClusterConfig.class, ClusterConfig::keystorePassword);
    static final Setting<String> TRUSTSTORE = Setting.of(ClusterConfig.class, ClusterConfig::truststore);
    static final Setting<String> TRUSTSTORE_PASSWORD = Setting.of(ClusterConfig.class,
        ClusterConfig::truststorePassword);
    static final Setting<Integer> JOIN_TIMEOUT_MILLIS = Setting.of(ClusterConfig.class,
        ClusterConfig::joinTimeoutMillis);
    static final Setting<Integer> HEARTBEAT_INTERVAL_MILLIS = Setting.of(ClusterConfig.class,
        ClusterConfig::heartbeatIntervalMillis);
    static final Setting<Integer> FAILURE_TIMEOUT_MILLIS = Setting.of(ClusterConfig.class,
        ClusterConfig::failureTimeoutMillis);
    static final Setting<Integer> VERIFY_SUSPECT_MILLIS = Setting.of(ClusterConfig.class,
        ClusterConfig::verifySuspectMillis);
    static final Setting<Integer> MERGE_MIN_INTERVAL_MILLIS = Setting.of(ClusterConfig.class,
        ClusterConfig::mergeMinIntervalMillis);
    static final Setting<Integer> MERGE_MAX_INTERVAL_MILLIS = Setting.of(ClusterConfig.class,
        ClusterConfig::mergeMaxIntervalMillis);
    static final Setting<String> ADVERTISED_ADDRESS = Setting.of(ClusterConfig.class,
        ClusterConfig::advertisedAddress);
    static final Setting<Integer> ADVERTISED_PORT = Setting.of(ClusterConfig.class, ClusterConfig::advertisedPort);

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,63}");
    private static final Pattern BRACKETED = Pattern.compile("\\[([0-9A-Fa-f:.]+)](?::(\\d{1,5}))?");
    private static final int MINUTE = 60_000;

    public ChannelSettings {
        members = List.copyOf(members);
    }

    /** Whether this node takes part in a cluster: a bind address is configured. */
    public boolean enabled() {
        return bindAddress.isPresent();
    }

    /**
     * Parses a configuration as ConfigurationAdmin hands it over.
     *
     * @param karafEtc Karaf's etc folder (the system property {@code karaf.etc}), or null outside Karaf
     * @throws IllegalArgumentException naming the PID, every bad key, its value and what is accepted
     */
    public static ChannelSettings parse(Map<String, ?> config, String karafEtc) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        String clusterName = text(raw, CLUSTER_NAME);
        if (!NAME.matcher(clusterName).matches()) {
            errors.add(CLUSTER_NAME + " = '" + clusterName + "': expected 1-63 letters, digits, '.', '_' or '-'");
        }
        Optional<InetAddress> bind = address(raw, BIND_ADDRESS, errors);
        int bindPort = integer(raw, BIND_PORT, 1, 65_535, errors);
        List<InetSocketAddress> members = members(raw, bindPort, errors);
        boolean multicast = bool(raw, MULTICAST_DISCOVERY, errors);
        Path keystore = path(raw, KEYSTORE, KEYSTORE.defaultValue(), karafEtc, errors);
        String keystorePassword = text(raw, KEYSTORE_PASSWORD);
        if (bind.isPresent() && keystorePassword.isEmpty()) {
            errors.add(KEYSTORE_PASSWORD + " is missing: expected the password cluster:issue-cert printed for "
                + keystore.getFileName());
        }
        // declared without a default: unset or blank, the keystore (as its password below; a blank line once meant
        // the keystore's default location, not the keystore configured beside it)
        Path truststore = text(raw, TRUSTSTORE.key(), "").isEmpty() ? keystore
            : path(raw, TRUSTSTORE, KEYSTORE.defaultValue(), karafEtc, errors);
        // declared without a default: unset or blank, the keystore's password
        String truststorePassword = text(raw, TRUSTSTORE_PASSWORD.key(), keystorePassword);
        int join = integer(raw, JOIN_TIMEOUT_MILLIS, 100, MINUTE, errors);
        int heartbeat = integer(raw, HEARTBEAT_INTERVAL_MILLIS, 50, MINUTE, errors);
        int failure = integer(raw, FAILURE_TIMEOUT_MILLIS, 100, 10 * MINUTE, errors);
        if (failure < 2 * heartbeat) {
            errors.add(FAILURE_TIMEOUT_MILLIS + " = " + failure + ": expected at least twice "
                + HEARTBEAT_INTERVAL_MILLIS + " (" + heartbeat + "), or one late heartbeat makes a member suspected");
        }
        int verify = integer(raw, VERIFY_SUSPECT_MILLIS, 50, MINUTE, errors);
        int mergeMin = integer(raw, MERGE_MIN_INTERVAL_MILLIS, 100, 10 * MINUTE, errors);
        int mergeMax = integer(raw, MERGE_MAX_INTERVAL_MILLIS, 100, 10 * MINUTE, errors);
        if (mergeMax <= mergeMin) {
            errors.add(MERGE_MAX_INTERVAL_MILLIS + " = " + mergeMax + ": expected more than "
                + MERGE_MIN_INTERVAL_MILLIS + " (" + mergeMin + ")");
        }
        Optional<InetAddress> advertised = address(raw, ADVERTISED_ADDRESS, errors);
        int advertisedPort = integer(raw, ADVERTISED_PORT, 0, 65_535, "0-65535 (0: the bind port)", errors);
        raw.refuseIfAny(ConfigReader.refusal(PID), errors);
        return new ChannelSettings(clusterName, bind, bindPort, members, multicast, keystore, keystorePassword,
            truststore, truststorePassword, join, heartbeat, failure, verify, mergeMin, mergeMax, advertised,
            advertisedPort);
    }

    /** The same settings with other timings (tests shorten them). */
    public ChannelSettings withTimings(int joinTimeout, int heartbeatInterval, int failureTimeout, int verifySuspect,
                                       int mergeMinInterval, int mergeMaxInterval) {
        return new ChannelSettings(clusterName, bindAddress, bindPort, members, multicastDiscovery, keystore,
            keystorePassword, truststore, truststorePassword, joinTimeout, heartbeatInterval, failureTimeout,
            verifySuspect, mergeMinInterval, mergeMaxInterval, advertisedAddress, advertisedPort);
    }

    /** Passwords are not shown: settings end up in logs. */
    @Override
    public String toString() {
        return "ChannelSettings[clusterName=" + clusterName + ", bindAddress="
            + bindAddress.map(InetAddress::getHostAddress).orElse("(off)") + ", bindPort=" + bindPort + ", members="
            + members + ", multicastDiscovery=" + multicastDiscovery + ", keystore=" + keystore + ", truststore="
            + truststore + ", joinTimeoutMillis=" + joinTimeoutMillis + ", heartbeatIntervalMillis="
            + heartbeatIntervalMillis + ", failureTimeoutMillis=" + failureTimeoutMillis + ", verifySuspectMillis="
            + verifySuspectMillis + ", mergeMinIntervalMillis=" + mergeMinIntervalMillis + ", mergeMaxIntervalMillis="
            + mergeMaxIntervalMillis + ", advertisedAddress=" + advertisedAddress.map(InetAddress::getHostAddress)
            .orElse("(bind address)") + ", advertisedPort=" + advertisedPort + "]";
    }

    private static Optional<InetAddress> address(Map<String, ?> raw, Setting<String> key, List<String> errors) {
        String value = text(raw, key);
        if (value.isEmpty()) {
            return Optional.empty();
        }
        Optional<InetAddress> address = IpLiterals.parse(value);
        if (address.isEmpty()) {
            errors.add(key + " = '" + value + "': expected an IPv4 or IPv6 address literal of this node (such as"
                + " 10.0.0.5), no host name");
        } else if (address.get().isAnyLocalAddress()) {
            errors.add(key + " = '" + value + "': expected one address of this node, not the wildcard");
            return Optional.empty();
        }
        return address;
    }

    private static List<InetSocketAddress> members(Map<String, ?> raw, int defaultPort, List<String> errors) {
        List<InetSocketAddress> members = new ArrayList<>();
        for (String item : list(raw, MEMBERS)) {
            Optional<InetSocketAddress> member = member(item, defaultPort);
            if (member.isEmpty()) {
                errors.add(MEMBERS + " holds '" + item + "': expected ip[:port] entries, comma-separated (such as"
                    + " 10.0.0.5, 10.0.0.6:7801 or [2001:db8::5]:7800; port 1-65535, default the " + BIND_PORT + " "
                    + defaultPort + "; no host names)");
            } else if (!members.contains(member.get())) {
                members.add(member.get());
            }
        }
        return members;
    }

    private static Optional<InetSocketAddress> member(String item, int defaultPort) {
        String host = item;
        String port = null;
        Matcher bracketed = BRACKETED.matcher(item);
        if (bracketed.matches()) {
            host = bracketed.group(1);
            port = bracketed.group(2);
        } else if (item.chars().filter(c -> c == ':').count() == 1) {
            host = item.substring(0, item.indexOf(':'));
            port = item.substring(item.indexOf(':') + 1);
        }
        Optional<InetAddress> address = IpLiterals.parse(host);
        int p = defaultPort;
        if (port != null) {
            try {
                p = Integer.parseInt(port);
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        if (address.isEmpty() || p < 1 || p > 65_535) {
            return Optional.empty();
        }
        return Optional.of(new InetSocketAddress(address.get(), p));
    }

    private static Path path(Map<String, ?> raw, Setting<String> key, String fallback, String karafEtc,
                             List<String> errors) {
        String written = text(raw, key.key(), fallback);
        if (written.contains("${karaf.etc}") && karafEtc == null) {
            errors.add(key + " = '" + written + "': ${karaf.etc} is not set outside Karaf; expected an absolute path");
            return Path.of("/");
        }
        String text = karafEtc == null ? written : written.replace("${karaf.etc}", karafEtc);
        try {
            Path file = Path.of(text);
            if (!file.isAbsolute()) {
                errors.add(key + " = '" + written + "': expected an absolute path (or one starting with ${karaf.etc})");
            }
            return file.normalize();
        } catch (InvalidPathException e) {
            errors.add(key + " = '" + written + "': " + e.getReason() + "; expected an absolute path");
            return Path.of("/");
        }
    }
}
