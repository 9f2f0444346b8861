package org.vireo.balancer.internal.config;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.vireo.config.ConfigValues;

/**
 * The balancer's cluster-wide configuration (PID {@value #PID}, replicated by config sync), parsed once: the
 * scanner table and how connections are scheduled and forwarded.
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
 */
public record BalancerOptions(List<Scanner> scanners, int httpPort, int ftpPort, double boundFactor,
                              int affinityIdleSeconds, int slowStartSeconds, int connectTimeoutMillis,
                              int idleTimeoutSeconds, int attempts) {

    public static final String PID = "org.vireo.balancer";
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

        /** The id the scheduler, metrics and commands use: {@code host:port}. */
        public String id() {
            String host = address.getAddress().getHostAddress();
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + address.getPort();
        }
    }

    public BalancerOptions {
        scanners = List.copyOf(scanners);
    }

    /**
     * Parses a configuration as ConfigurationAdmin hands it over.
     *
     * @throws IllegalArgumentException naming the PID, every bad key, its value and what is accepted
     */
    public static BalancerOptions parse(Map<String, ?> raw) {
        List<String> errors = new ArrayList<>();
        List<Scanner> scanners = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String entry : ConfigValues.list(raw, "scanners")) {
            Scanner s = scanner(entry, errors);
            if (s != null && !seen.add(s.id())) {
                errors.add("scanners: '" + entry + "': " + s.id() + " is listed twice");
            } else if (s != null) {
                scanners.add(s);
            }
        }
        int http = ConfigValues.integer(raw, "httpPort", 9090, 1, 65_535, errors);
        int ftp = ConfigValues.integer(raw, "ftpPort", 2121, 1, 65_535, errors);
        if (http == ftp && errors.isEmpty()) {
            errors.add("ftpPort = " + ftp + ": expected a port other than httpPort");
        }
        double bound = 1.25;
        String boundText = ConfigValues.text(raw, "boundFactor", "");
        if (!boundText.isEmpty()) {
            try {
                bound = Double.parseDouble(boundText);
            } catch (NumberFormatException e) {
                bound = Double.NaN;
            }
            if (!(bound > 1.0 && bound <= 10.0)) {
                errors.add("boundFactor = '" + boundText + "': expected a number above 1 and at most 10 (1.25: no "
                    + "scanner gets more than 1.25 times its fair share)");
            }
        }
        int affinity = ConfigValues.integer(raw, "affinityIdleSeconds", 300, 1, 86_400, errors);
        int slowStart = ConfigValues.integer(raw, "slowStartSeconds", 30, 0, 3600, errors);
        int connect = ConfigValues.integer(raw, "connectTimeoutMillis", 2000, 50, 60_000, errors);
        int idle = ConfigValues.integer(raw, "idleTimeoutSeconds", 600, 1, 86_400, errors);
        int attempts = ConfigValues.integer(raw, "attempts", 3, 1, 16, errors);
        if (!errors.isEmpty()) {
            throw new IllegalArgumentException("configuration " + PID + " refused: " + String.join("; ", errors));
        }
        return new BalancerOptions(scanners, http, ftp, bound, affinity, slowStart, connect, idle, attempts);
    }

    /** {@code 10.0.0.21:3128}, {@code [fd00::21]:3128 weight=2}, {@code 10.0.0.22:3128 drain}. */
    private static Scanner scanner(String entry, List<String> errors) {
        Matcher m = ENTRY.matcher(entry.strip());
        String expected = "expected <IPv4>:<port> or [<IPv6>]:<port>, then optionally weight=<0-100> and drain";
        if (!m.matches()) {
            errors.add("scanners: '" + entry + "': " + expected);
            return null;
        }
        String host = m.group("host").replace("[", "").replace("]", "");
        InetAddress address;
        try {
            if (!host.contains(":") && !host.matches("\\d{1,3}(\\.\\d{1,3}){3}")) {
                throw new UnknownHostException(host);
            }
            address = InetAddress.getByName(host); // a literal: no lookup
        } catch (UnknownHostException e) {
            errors.add("scanners: '" + entry + "': '" + host + "' is not an IP address literal; " + expected);
            return null;
        }
        int port = Integer.parseInt(m.group("port"));
        if (port < 1 || port > 65_535) {
            errors.add("scanners: '" + entry + "': port " + port + ": expected 1-65535");
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
                errors.add("scanners: '" + entry + "': '" + opt + "': " + expected);
                return null;
            }
        }
        return new Scanner(new InetSocketAddress(address, port), weight, drain);
    }
}
