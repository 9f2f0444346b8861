package org.vireo.srv.internal;

import static org.vireo.config.ConfigValues.bool;
import static org.vireo.config.ConfigValues.integer;
import static org.vireo.config.ConfigValues.list;
import static org.vireo.config.ConfigValues.text;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.random.RandomGenerator;

import org.vireo.config.ConfigReader;
import org.vireo.config.Setting;
import org.vireo.srv.ServerAddress;
import org.vireo.srv.SrvConnector;
import org.vireo.srv.SrvResolver;
import org.vireo.srv.TrustedCertificates;
import org.xbill.DNS.ResolverConfig;

/**
 * How this node resolves and connects to a server address when asked by {@code srv:resolve}, {@code srv:connect}
 * or the {@code vireo-srv} tool: the PID {@value #PID} parsed once, and the command-line options laid over it.
 * Every error names the key (or option), the value and what is accepted.
 *
 * @param dnsServers empty: the system's resolvers ({@code /etc/resolv.conf}), read at each use
 * @param trustFile  a PEM file of the CA certificates HTTPS endpoints are checked against; empty: the JDK's
 */
public record SrvOptions(List<InetSocketAddress> dnsServers, String service, int defaultPort, int timeoutMillis,
                         int retries, boolean tcpFallback, String scheme, String path, int connectTimeoutMillis,
                         int requestTimeoutMillis, int staggerMillis, int resolutionDelayMillis, String trustFile) {

    public static final String PID = "org.vireo.srv";

    // the keys as SrvConfig (the PID's metatype) declares them, with their defaults
    static final Setting<String[]> DNS_SERVERS = Setting.of(SrvConfig.class, SrvConfig::dnsServers);
    static final Setting<String> SERVICE = Setting.of(SrvConfig.class, SrvConfig::service);
    static final Setting<Integer> DEFAULT_PORT = Setting.of(SrvConfig.class, SrvConfig::defaultPort);
    static final Setting<Integer> TIMEOUT_MILLIS = Setting.of(SrvConfig.class, SrvConfig::timeoutMillis);
    static final Setting<Integer> RETRIES = Setting.of(SrvConfig.class, SrvConfig::retries);
    static final Setting<Boolean> TCP_FALLBACK = Setting.of(SrvConfig.class, SrvConfig::tcpFallback);
    static final Setting<String> SCHEME = Setting.of(SrvConfig.class, SrvConfig::scheme);
    static final Setting<String> PATH = Setting.of(SrvConfig.class, SrvConfig::path);
    static final Setting<Integer> CONNECT_TIMEOUT_MILLIS = Setting.of(SrvConfig.class, SrvConfig::connectTimeoutMillis);
    static final Setting<Integer> REQUEST_TIMEOUT_MILLIS = Setting.of(SrvConfig.class, SrvConfig::requestTimeoutMillis);
    static final Setting<Integer> STAGGER_MILLIS = Setting.of(SrvConfig.class, SrvConfig::staggerMillis);
    static final Setting<Integer> RESOLUTION_DELAY_MILLIS = Setting.of(SrvConfig.class,
        SrvConfig::resolutionDelayMillis);
    static final Setting<String> TRUST_FILE = Setting.of(SrvConfig.class, SrvConfig::trustFile);

    /**
     * What an empty configuration gives: the declared defaults; dnsServers and trustFile, declared without one, are
     * empty (the system's resolvers, the JDK's CAs).
     */
    public static final SrvOptions DEFAULTS = new SrvOptions(List.of(), SERVICE.defaultValue(),
        DEFAULT_PORT.defaultValue(), TIMEOUT_MILLIS.defaultValue(), RETRIES.defaultValue(), TCP_FALLBACK.defaultValue(),
        SCHEME.defaultValue(), PATH.defaultValue(), CONNECT_TIMEOUT_MILLIS.defaultValue(),
        REQUEST_TIMEOUT_MILLIS.defaultValue(), STAGGER_MILLIS.defaultValue(), RESOLUTION_DELAY_MILLIS.defaultValue(),
        "");

    /**
     * The option of each key that has one. {@code --timeout} sets both timeouts: "per DNS query and per connection",
     * as the tool always had it.
     */
    private static final Map<Setting<?>, String> OPTIONS = Map.of(DNS_SERVERS, "--dns", SERVICE, "--service",
        DEFAULT_PORT, "--port", TIMEOUT_MILLIS, "--timeout", CONNECT_TIMEOUT_MILLIS, "--timeout", SCHEME, "--scheme",
        PATH, "--path", STAGGER_MILLIS, "--stagger", RESOLUTION_DELAY_MILLIS, "--resolution-delay", TRUST_FILE,
        "--trust");

    private static final int DNS_PORT = 53;
    private static final int MINUTE = 60_000;

    public SrvOptions {
        dnsServers = List.copyOf(dnsServers);
    }

    /**
     * Parses the configuration as ConfigurationAdmin hands it over; absent keys take their {@link #DEFAULTS}.
     *
     * @throws IllegalArgumentException naming the PID, every bad key, its value and what is accepted
     */
    public static SrvOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        return read(raw, DEFAULTS, Setting::key, ConfigReader.refusal(PID), raw::refuseIfAny);
    }

    /**
     * These options with command-line options laid over them: {@code --dns} (a list of texts), {@code --service},
     * {@code --port}, {@code --timeout}, {@code --scheme}, {@code --path}, {@code --stagger},
     * {@code --resolution-delay} (texts); an absent or
     * null option keeps the value here.
     *
     * @throws IllegalArgumentException naming every bad option, its value and what is accepted
     */
    public SrvOptions withOptions(Map<String, ?> options) {
        return read(options, this, setting -> OPTIONS.getOrDefault(setting, setting.key()), "", (refusal, errors) -> {
            if (!errors.isEmpty()) { // --timeout stands for two keys: its error once
                throw new IllegalArgumentException(refusal + String.join("; ", new LinkedHashSet<>(errors)));
            }
        });
    }

    /**
     * Reads each key under the name {@code name} gives it; a missing one keeps {@code base}'s value; {@code refuse}
     * throws the refusal if there are errors.
     */
    private static SrvOptions read(Map<String, ?> raw, SrvOptions base, Function<Setting<?>, String> name,
                                   String refusal, BiConsumer<String, List<String>> refuse) {
        List<String> errors = new ArrayList<>();
        List<InetSocketAddress> servers = raw.get(name.apply(DNS_SERVERS)) == null ? base.dnsServers
            : dnsServers(name.apply(DNS_SERVERS), list(raw, name.apply(DNS_SERVERS)), errors);
        String service = text(raw, name.apply(SERVICE), base.service);
        int port = integer(raw, name.apply(DEFAULT_PORT), base.defaultPort, 1, 65_535, errors);
        int timeout = integer(raw, name.apply(TIMEOUT_MILLIS), base.timeoutMillis, 10, MINUTE, errors);
        int retries = integer(raw, name.apply(RETRIES), base.retries, 0, 10, errors);
        boolean tcp = bool(raw, name.apply(TCP_FALLBACK), base.tcpFallback, errors);
        String scheme = text(raw, name.apply(SCHEME), base.scheme);
        String path = text(raw, name.apply(PATH), base.path);
        int connect = integer(raw, name.apply(CONNECT_TIMEOUT_MILLIS), base.connectTimeoutMillis, 10, MINUTE, errors);
        int request = integer(raw, name.apply(REQUEST_TIMEOUT_MILLIS), base.requestTimeoutMillis, 10, 10 * MINUTE,
            errors);
        int stagger = integer(raw, name.apply(STAGGER_MILLIS), base.staggerMillis, 0, MINUTE,
            "0-60000 (0: one candidate after the other)", errors);
        int resolutionDelay = integer(raw, name.apply(RESOLUTION_DELAY_MILLIS), base.resolutionDelayMillis, 0, 2000,
            "0-2000 (RFC 8305 recommends 50)", errors);
        String trust = text(raw, name.apply(TRUST_FILE), base.trustFile);
        if (!trust.isEmpty() && !Files.isReadable(Path.of(trust))) {
            errors.add(name.apply(TRUST_FILE) + " = '" + trust + "': expected a readable PEM file of CA certificates"
                + " (e.g. the cluster CA's ca.crt), or nothing for the JDK's");
        }
        SrvOptions options = new SrvOptions(servers, service, port, timeout, retries, tcp, scheme, path, connect,
            request, stagger, resolutionDelay, trust);
        if (errors.isEmpty()) { // the service label, scheme and path are checked where they are used, once
            try {
                options.checkedSettings();
            } catch (IllegalArgumentException e) {
                errors.add(e.getMessage());
            }
        }
        refuse.accept(refusal, errors);
        return options;
    }

    private static List<InetSocketAddress> dnsServers(String name, List<String> items, List<String> errors) {
        List<InetSocketAddress> servers = new ArrayList<>();
        for (String item : items) {
            String problem = name + " " + item + ": expected an IP address, optionally with :port (" + DNS_PORT
                + " when none)";
            try {
                ServerAddress a = ServerAddress.parse(item);
                a.literal().ifPresentOrElse(ip -> servers.add(new InetSocketAddress(ip, a.port().orElse(DNS_PORT))),
                    () -> errors.add(problem));
            } catch (IllegalArgumentException e) {
                errors.add(problem);
            }
        }
        return servers;
    }

    private void checkedSettings() {
        new SrvResolver.Settings(List.of(new InetSocketAddress(InetAddress.getLoopbackAddress(), DNS_PORT)),
            Duration.ofMillis(timeoutMillis), retries, tcpFallback, service, defaultPort);
        connectorSettings();
    }

    /** The configured DNS servers, else the system's (dnsjava falls back to 127.0.0.1 when it names none). */
    public List<InetSocketAddress> effectiveDnsServers() {
        if (!dnsServers.isEmpty()) {
            return dnsServers;
        }
        ResolverConfig.refresh(); // /etc/resolv.conf may have changed since the last command (DHCP)
        return ResolverConfig.getCurrentConfig().servers();
    }

    public SrvResolver resolver(RandomGenerator random) {
        return new SrvResolver(new SrvResolver.Settings(effectiveDnsServers(), Duration.ofMillis(timeoutMillis),
            retries, tcpFallback, service, defaultPort), random);
    }

    /**
     * The connector, trusting {@link #trustFile} for HTTPS when one is set.
     *
     * @throws IllegalArgumentException when the trust file holds no certificate
     */
    public SrvConnector connector() {
        return trustFile.isEmpty() ? SrvConnector.standard(connectorSettings())
            : SrvConnector.standard(connectorSettings(), TrustedCertificates.fromPem(Path.of(trustFile)));
    }

    public SrvConnector.Settings connectorSettings() {
        return new SrvConnector.Settings(scheme, path, Duration.ofMillis(connectTimeoutMillis),
            Duration.ofMillis(requestTimeoutMillis), Duration.ofMillis(staggerMillis),
            Duration.ofMillis(resolutionDelayMillis));
    }
}
