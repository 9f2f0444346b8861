package org.vireo.settings;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.vireo.config.AddressText;
import org.vireo.config.ConfigReader;
import org.vireo.config.ConfigValues;
import org.vireo.config.Setting;

/**
 * The balancer's cluster-wide configuration (PID {@value #PID}, replicated by config sync), parsed once: the
 * scanner table and how connections are scheduled and forwarded. Each key's name and default is {@link
 * BalancerConfig}'s, the PID's metatype.
 *
 * @param scanners             the scanning nodes, in table order
 * @param httpPort             the VIP port of the HTTP proxy
 * @param ftpPort              the VIP port of the FTP proxy
 * @param boundFactor          no scanner gets more than this times its fair share (consistent hashing with bounded
 *                             loads)
 * @param affinityIdleSeconds  a client's affinity to its scanner is forgotten after it is idle this long
 * @param slowStartSeconds     a scanner back from down ramps up over this time (0: at once)
 * @param connectTimeoutMillis a connect to a scanner that takes longer failed (and is retried elsewhere)
 * @param idleTimeoutSeconds   a forwarded connection with no traffic for this long is closed
 * @param attempts             scanners tried per client connection
 * @param ftpPassivePorts      the FTP passive (data) ports forwarded to the same port of the client's scanner,
 *                             {@code [first, last]}; empty: none
 * @param standaloneAddresses  where a node with no VRRP instance listens (the all-in-one appliance)
 * @param checkIntervalMillis  the active check of each scanner's proxy port runs this often
 * @param checkTimeoutMillis   and fails when the connect takes longer
 * @param threads              event loop threads (0: one per core)
 * @param transport            {@code auto} (the best this machine allows), {@code io_uring}, {@code epoll} or
 *                             {@code nio}
 * @param zeroCopyBytes        writes of at least this many bytes are sent without copying (io_uring only); 0: never
 */
public record BalancerOptions(List<Scanner> scanners, int httpPort, int ftpPort, double boundFactor,
                              int affinityIdleSeconds, int slowStartSeconds, int connectTimeoutMillis,
                              int idleTimeoutSeconds, int attempts, List<Integer> ftpPassivePorts,
                              List<InetAddress> standaloneAddresses, int checkIntervalMillis,
                              int checkTimeoutMillis, int threads, String transport,
                              int zeroCopyBytes) {

    public static final String PID = "org.vireo.balancer";
    /** The {@code transport} that picks the best this machine allows. */
    public static final String AUTO_TRANSPORT = "auto";
    /** The other {@code transport} values, best first (the balancer's Netty transports carry these labels). */
    public static final List<String> TRANSPORTS = List.of("io_uring", "epoll", "nio");

    // the keys as BalancerConfig declares them, with their defaults (public: the balancer writes the table and
    // claims the ports under these keys)
    public static final Setting<String[]> SCANNERS = Setting.of(BalancerConfig.class, BalancerConfig::scanners);
    public static final Setting<Integer> HTTP_PORT = Setting.of(BalancerConfig.class, BalancerConfig::httpPort);
    public static final Setting<Integer> FTP_PORT = Setting.of(BalancerConfig.class, BalancerConfig::ftpPort);
    public static final Setting<String> FTP_PASSIVE_PORTS =
        Setting.of(BalancerConfig.class, BalancerConfig::ftpPassivePorts);
    public static final Setting<String[]> STANDALONE_ADDRESSES =
        Setting.of(BalancerConfig.class, BalancerConfig::standaloneAddresses);
    public static final Setting<Double> BOUND_FACTOR = Setting.of(BalancerConfig.class, BalancerConfig::boundFactor);
    public static final Setting<Integer> AFFINITY_IDLE_SECONDS =
        Setting.of(BalancerConfig.class, BalancerConfig::affinityIdleSeconds);
    public static final Setting<Integer> SLOW_START_SECONDS =
        Setting.of(BalancerConfig.class, BalancerConfig::slowStartSeconds);
    public static final Setting<Integer> CONNECT_TIMEOUT_MILLIS =
        Setting.of(BalancerConfig.class, BalancerConfig::connectTimeoutMillis);
    public static final Setting<Integer> IDLE_TIMEOUT_SECONDS =
        Setting.of(BalancerConfig.class, BalancerConfig::idleTimeoutSeconds);
    public static final Setting<Integer> ATTEMPTS = Setting.of(BalancerConfig.class, BalancerConfig::attempts);
    public static final Setting<Integer> CHECK_INTERVAL_MILLIS =
        Setting.of(BalancerConfig.class, BalancerConfig::checkIntervalMillis);
    public static final Setting<Integer> CHECK_TIMEOUT_MILLIS =
        Setting.of(BalancerConfig.class, BalancerConfig::checkTimeoutMillis);
    public static final Setting<Integer> THREADS = Setting.of(BalancerConfig.class, BalancerConfig::threads);
    public static final Setting<String> TRANSPORT = Setting.of(BalancerConfig.class, BalancerConfig::transport);
    public static final Setting<Integer> ZERO_COPY_BYTES =
        Setting.of(BalancerConfig.class, BalancerConfig::zeroCopyBytes);

    private static final Pattern ENTRY = Pattern.compile(
        "(?<host>\\[[0-9A-Fa-f:.]+]|[0-9.]+):(?<port>\\d{1,5})(?<opts>(\\s+\\S+)*)");
    private static final Pattern NUMBER = Pattern.compile("\\d{1,3}(\\.\\d{1,3})?");

    /**
     * One scanner of the table.
     *
     * @param address where its proxy listens
     * @param weight  static weight, 0-100 (0: never chosen), 1 unless given
     * @param drain   no new connections; existing ones finish
     */
    public record Scanner(InetSocketAddress address, double weight, boolean drain) {

        /** The id the scheduler, metrics and commands use: {@code host:port}, {@code [fd77::12]:3128}. */
        public String id() {
            String host = AddressText.of(address.getAddress());
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort();
        }
    }

    /** Zero-copy sends below this size would cost more than they save. */
    static final int MIN_ZERO_COPY_BYTES = 4096;
    static final int MAX_ZERO_COPY_BYTES = 64 << 20;

    /** At most this many FTP passive ports: each is a listening socket per address. */
    static final int MAX_PASSIVE_PORTS = 1000;
    private static final Pattern RANGE = Pattern.compile("(\\d{1,5})\\s*-\\s*(\\d{1,5})");

    public BalancerOptions {
        scanners = List.copyOf(scanners);
        ftpPassivePorts = List.copyOf(ftpPassivePorts);
        standaloneAddresses = List.copyOf(standaloneAddresses);
    }

    /** The options with no configuration at all: an empty table, every default. */
    public static BalancerOptions defaults() {
        return parse(Map.of());
    }

    /**
     * The same table with one scanner's drain flag set or cleared (the entry keeps its weight and its spelling). The
     * scanner is found by its address and port, so an IPv6 one in any spelling ({@code [fd77::12]:3128}, as its id
     * {@code [fd77:0:0:0:0:0:0:12]:3128}).
     */
    public static List<String> withDrain(List<String> entries, String id, boolean drain) {
        Scanner named = scanner(id, new ArrayList<>());
        List<String> out = new ArrayList<>();
        boolean found = false;
        for (String entry : entries) {
            Scanner s = scanner(entry, new ArrayList<>());
            if (s != null && (s.id().equals(id) || named != null && s.address().equals(named.address()))) {
                found = true;
                String weight = s.weight() == 1 ? "" : " weight=" + formatWeight(s.weight());
                out.add(entry.strip().split("\\s+")[0] + weight + (drain ? " drain" : ""));
            } else {
                out.add(entry.strip());
            }
        }
        if (!found) {
            throw new IllegalArgumentException("no scanner " + id + " in the table of " + PID + (entries.isEmpty()
                ? " (the table is empty)" : "; it has: " + String.join(", ", entries.stream()
                .map(e -> e.strip().split("\\s+")[0]).toList())));
        }
        return out;
    }

    private static String formatWeight(double w) {
        return w == Math.rint(w) ? String.valueOf((long) w) : String.valueOf(w);
    }

    /**
     * Parses a configuration as ConfigurationAdmin hands it over.
     *
     * @throws IllegalArgumentException naming the PID, every bad key, its value and what is accepted, and every key
     *                                  it does not read (unless {@code config} is a merged {@link ConfigReader})
     */
    public static BalancerOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        List<Scanner> scanners = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String entry : ConfigValues.list(raw, SCANNERS)) {
            Scanner s = scanner(entry, errors);
            if (s != null && !seen.add(s.id())) {
                errors.add(SCANNERS + ": '" + entry + "': " + s.id() + " is listed twice");
            } else if (s != null) {
                scanners.add(s);
            }
        }
        int http = ConfigValues.integer(raw, HTTP_PORT, 1, 65_535, errors);
        int ftp = ConfigValues.integer(raw, FTP_PORT, 0, 65_535, errors);
        if (http == ftp && errors.isEmpty()) {
            errors.add(FTP_PORT + " = " + ftp + ": expected a port other than " + HTTP_PORT);
        }
        double bound = ConfigValues.decimal(raw, BOUND_FACTOR, b -> b > 1.0 && b <= 10.0,
            "a number above 1 and at most 10 (1.25: no scanner gets more than 1.25 times its fair share)", errors);
        int affinity = ConfigValues.integer(raw, AFFINITY_IDLE_SECONDS, 1, 86_400, errors);
        int slowStart = ConfigValues.integer(raw, SLOW_START_SECONDS, 0, 3600, errors);
        int connect = ConfigValues.integer(raw, CONNECT_TIMEOUT_MILLIS, 50, 60_000, errors);
        int idle = ConfigValues.integer(raw, IDLE_TIMEOUT_SECONDS, 1, 86_400, errors);
        int attempts = ConfigValues.integer(raw, ATTEMPTS, 1, 16, errors);
        List<Integer> passive = passivePorts(ConfigValues.text(raw, FTP_PASSIVE_PORTS), http, ftp, errors);
        List<InetAddress> standalone = new ArrayList<>();
        // absent: the declared default, all addresses; present but empty: a standalone node does not listen
        for (String a : ConfigValues.list(raw, STANDALONE_ADDRESSES)) {
            try {
                standalone.add(literal(a));
            } catch (UnknownHostException e) {
                errors.add(STANDALONE_ADDRESSES + ": '" + a + "': expected IPv4 or IPv6 literals (0.0.0.0: all"
                    + " addresses)");
            }
        }
        int checkInterval = ConfigValues.integer(raw, CHECK_INTERVAL_MILLIS, 100, 3_600_000, errors);
        int checkTimeout = ConfigValues.integer(raw, CHECK_TIMEOUT_MILLIS, 10, 3_600_000, errors);
        int threads = ConfigValues.integer(raw, THREADS, 0, 1024, errors);
        String transportText = ConfigValues.text(raw, TRANSPORT);
        Optional<String> checkedTransport = transport(transportText);
        String transport = checkedTransport.orElse(AUTO_TRANSPORT);
        if (checkedTransport.isEmpty()) {
            errors.add(TRANSPORT + " = '" + transportText + "': expected one of " + acceptedTransports()
                + " (auto: io_uring where the kernel allows it, else epoll, else nio)");
        }
        String zeroCopyAccepted = "0 (off) or " + MIN_ZERO_COPY_BYTES + "-" + MAX_ZERO_COPY_BYTES
            + " (below a page the kernel's completion notice costs more than the copy)";
        int zeroCopy = ConfigValues.integer(raw, ZERO_COPY_BYTES, 0, MAX_ZERO_COPY_BYTES, zeroCopyAccepted, errors);
        if (zeroCopy > 0 && zeroCopy < MIN_ZERO_COPY_BYTES) {
            errors.add(ZERO_COPY_BYTES + " = " + zeroCopy + ": expected " + zeroCopyAccepted);
        }
        raw.refuseIfAny(ConfigReader.refusal(PID), errors);
        return new BalancerOptions(scanners, http, ftp, bound, affinity, slowStart, connect, idle, attempts, passive,
            standalone, checkInterval, checkTimeout, threads, transport, zeroCopy);
    }

    /** {@code auto}, {@code io_uring}, {@code epoll}, {@code nio} in any case: the name; empty for anything else. */
    public static Optional<String> transport(String name) {
        String n = name.strip().toLowerCase(Locale.ROOT);
        return n.equals(AUTO_TRANSPORT) || TRANSPORTS.contains(n) ? Optional.of(n) : Optional.empty();
    }

    /** The names {@link #transport} accepts, for error messages. */
    public static String acceptedTransports() {
        return AUTO_TRANSPORT + ", " + String.join(", ", TRANSPORTS);
    }

    /** {@code 50000-50099}: each port forwarded to the same port of the client's scanner. */
    private static List<Integer> passivePorts(String text, int http, int ftp, List<String> errors) {
        if (text.isBlank()) {
            return List.of();
        }
        Matcher m = RANGE.matcher(text.strip());
        String expected = "expected <first>-<last>, ports 1-65535, at most " + MAX_PASSIVE_PORTS
            + " of them, not including " + HTTP_PORT + " or " + FTP_PORT + " (empty: none)";
        if (!m.matches()) {
            errors.add(FTP_PASSIVE_PORTS + " = '" + text + "': " + expected);
            return List.of();
        }
        int first = Integer.parseInt(m.group(1));
        int last = Integer.parseInt(m.group(2));
        if (first < 1 || last > 65_535 || first > last || last - first + 1 > MAX_PASSIVE_PORTS
            || (http >= first && http <= last) || (ftp >= first && ftp <= last)) {
            errors.add(FTP_PASSIVE_PORTS + " = '" + text + "': " + expected);
            return List.of();
        }
        List<Integer> ports = new ArrayList<>();
        for (int p = first; p <= last; p++) {
            ports.add(p);
        }
        return ports;
    }

    /** An IP literal, never a name lookup. */
    private static InetAddress literal(String host) throws UnknownHostException {
        return AddressLiterals.parse(host).orElseThrow(() -> new UnknownHostException(host));
    }

    /** {@code 10.0.0.21:3128}, {@code [fd00::21]:3128 weight=2}, {@code 10.0.0.22:3128 drain}. */
    private static Scanner scanner(String entry, List<String> errors) {
        Matcher m = ENTRY.matcher(entry.strip());
        String expected = "expected <IPv4>:<port> or [<IPv6>]:<port>, then optionally weight=<0-100> and drain";
        if (!m.matches()) {
            errors.add(SCANNERS + ": '" + entry + "': " + expected);
            return null;
        }
        String host = m.group("host").replace("[", "").replace("]", "");
        InetAddress address;
        try {
            address = literal(host);
        } catch (UnknownHostException e) {
            errors.add(SCANNERS + ": '" + entry + "': '" + host + "' is not an IP address literal; " + expected);
            return null;
        }
        int port = Integer.parseInt(m.group("port"));
        if (port < 1 || port > 65_535) {
            errors.add(SCANNERS + ": '" + entry + "': port " + port + ": expected 1-65535");
            return null;
        }
        double weight = 1;
        boolean drain = false;
        for (String opt : m.group("opts").strip().split("\\s+")) {
            if (opt.isEmpty()) {
                continue;
            }
            if (opt.equals("drain")) {
                drain = true;
            } else if (opt.startsWith("weight=") && NUMBER.matcher(opt.substring(7)).matches()
                && Double.parseDouble(opt.substring(7)) <= 100) {
                weight = Double.parseDouble(opt.substring(7));
            } else {
                errors.add(SCANNERS + ": '" + entry + "': '" + opt + "': " + expected);
                return null;
            }
        }
        return new Scanner(new InetSocketAddress(address, port), weight, drain);
    }
}
