package org.vireo.settings;

import static org.vireo.config.ConfigValues.bool;
import static org.vireo.config.ConfigValues.integer;
import static org.vireo.config.ConfigValues.list;
import static org.vireo.config.ConfigValues.text;
import static org.vireo.config.ConfigValues.untrimmed;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

import org.vireo.config.ConfigReader;
import org.vireo.config.Setting;

/**
 * One monitor's configuration, parsed and checked once. Keys of a type other than the monitor's are refused
 * rather than ignored: a {@code port} on an http monitor is a mistake the operator wants to hear about. Each key's name
 * and default is {@link MonitorConfig}'s, the factory PID's metatype.
 *
 * @param host          tcp: a host name or IP literal (looked up at each check, never here)
 * @param port          tcp: 1-65535 (0 for other types)
 * @param url           http: an http:// or https:// URL ("" for other types)
 * @param bodyMatch     http: a regular expression found anywhere in the body ("": none)
 * @param interfaceName link: the interface ("" for other types)
 * @param command       command: the program and its arguments, run without a shell (empty for other types)
 */
public record MonitorOptions(String name, MonitorType type, String host, int port, String url,
                             StatusCodes expectStatus, String bodyMatch, boolean tlsVerify, String interfaceName,
                             List<String> command, int intervalMillis, int timeoutMillis, int rise, int fall) {

    /** The factory PID of the monitors (replicated by config sync: one configuration per monitor). */
    public static final String FACTORY_PID = "org.vireo.health.monitor";

    // the keys as MonitorConfig declares them, with their defaults (public: the balancer configures its scanners'
    // monitors with them)
    public static final Setting<String> NAME = Setting.of(MonitorConfig.class, MonitorConfig::name);
    public static final Setting<String> TYPE = Setting.of(MonitorConfig.class, MonitorConfig::type);
    public static final Setting<String> HOST = Setting.of(MonitorConfig.class, MonitorConfig::host);
    public static final Setting<Integer> PORT = Setting.of(MonitorConfig.class, MonitorConfig::port);
    public static final Setting<String> URL = Setting.of(MonitorConfig.class, MonitorConfig::url);
    public static final Setting<String[]> EXPECT_STATUS = Setting.of(MonitorConfig.class, MonitorConfig::expectStatus);
    public static final Setting<String> BODY_MATCH = Setting.of(MonitorConfig.class, MonitorConfig::bodyMatch);
    public static final Setting<Boolean> TLS_VERIFY = Setting.of(MonitorConfig.class, MonitorConfig::tlsVerify);
    public static final Setting<String> INTERFACE_NAME = Setting.of(MonitorConfig.class, MonitorConfig::interface$);
    public static final Setting<String[]> COMMAND = Setting.of(MonitorConfig.class, MonitorConfig::command);
    public static final Setting<Integer> INTERVAL_MILLIS =
        Setting.of(MonitorConfig.class, MonitorConfig::intervalMillis);
    public static final Setting<Integer> TIMEOUT_MILLIS = Setting.of(MonitorConfig.class, MonitorConfig::timeoutMillis);
    public static final Setting<Integer> RISE = Setting.of(MonitorConfig.class, MonitorConfig::rise);
    public static final Setting<Integer> FALL = Setting.of(MonitorConfig.class, MonitorConfig::fall);

    static final int MAX_INTERVAL_MILLIS = 3_600_000;

    private static final int MAX_NAME = 64;
    private static final Pattern NAME_PATTERN = Pattern.compile("[A-Za-z0-9._-]{1," + MAX_NAME + "}");
    private static final Pattern HOST_NAME = Pattern.compile(
        "(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.?");
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*");
    private static final Pattern INTERFACE = Pattern.compile("(?!\\.{1,2}$)[A-Za-z0-9._-]{1,15}");

    public MonitorOptions {
        command = List.copyOf(command);
    }

    public Duration interval() {
        return Duration.ofMillis(intervalMillis);
    }

    public Duration timeout() {
        return Duration.ofMillis(timeoutMillis);
    }

    /** What it checks, for the operator: {@code 10.0.0.5:8080}, a URL, {@code eth1}, a command line. */
    public String target() {
        return switch (type) {
            case TCP -> (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
            case HTTP -> url;
            case LINK -> interfaceName;
            case COMMAND -> String.join(" ", command);
        };
    }

    /** The configuration as key = value, the keys of this type only, in the order of the docs. */
    public Map<String, String> settings() {
        Map<String, String> s = new LinkedHashMap<>();
        s.put(NAME.key(), name);
        s.put(TYPE.key(), type.key());
        switch (type) {
            case TCP -> {
                s.put(HOST.key(), host);
                s.put(PORT.key(), String.valueOf(port));
            }
            case HTTP -> {
                s.put(URL.key(), url);
                s.put(EXPECT_STATUS.key(), expectStatus.toString());
                s.put(BODY_MATCH.key(), bodyMatch);
                s.put(TLS_VERIFY.key(), String.valueOf(tlsVerify));
            }
            case LINK -> s.put(INTERFACE_NAME.key(), interfaceName);
            case COMMAND -> s.put(COMMAND.key(), String.join(", ", command));
        }
        s.put(INTERVAL_MILLIS.key(), String.valueOf(intervalMillis));
        s.put(TIMEOUT_MILLIS.key(), String.valueOf(timeoutMillis));
        s.put(RISE.key(), String.valueOf(rise));
        s.put(FALL.key(), String.valueOf(fall));
        return s;
    }

    /** Whether {@code other} checks the same thing the same way, and differs at most in timing, rise and fall. */
    public boolean sameCheck(MonitorOptions other) {
        return new MonitorOptions(name, type, host, port, url, expectStatus, bodyMatch, tlsVerify, interfaceName,
            command, other.intervalMillis, other.timeoutMillis, other.rise, other.fall).equals(other);
    }

    /**
     * Parses a configuration as ConfigurationAdmin hands it over.
     *
     * @throws IllegalArgumentException naming the PID, every bad key, its value and what is accepted
     */
    public static MonitorOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        String name = text(raw, NAME);
        if (name.isEmpty()) {
            errors.add(NAME + " is missing: expected 1-64 letters, digits, '.', '_' or '-'");
        } else if (!NAME_PATTERN.matcher(name).matches()) {
            errors.add(NAME + " = '" + name + "': expected 1-64 letters, digits, '.', '_' or '-'");
        }
        String typeKey = text(raw, TYPE);
        MonitorType type = MonitorType.of(typeKey).orElse(null);
        if (type == null) {
            errors.add(typeKey.isEmpty() ? TYPE + " is missing: expected one of " + MonitorType.accepted()
                : TYPE + " = '" + typeKey + "': expected one of " + MonitorType.accepted());
        } else {
            for (MonitorType other : MonitorType.values()) {
                for (String key : other == type ? List.<String>of() : other.keys()) {
                    if (!list(raw, key).isEmpty()) {
                        errors.add(key + " = '" + String.join(", ", list(raw, key)) + "': not a key of type "
                            + type.key() + " (it is"
                            + " one of " + other.key() + "); " + type.key() + " reads " + keysOf(type));
                    }
                }
            }
        }
        String host = type == MonitorType.TCP ? host(raw, errors) : "";
        int port = type == MonitorType.TCP ? integer(raw, PORT, 1, 65_535, errors) : 0;
        String url = type == MonitorType.HTTP ? url(raw, errors) : "";
        StatusCodes expect = StatusCodes.parse(raw, EXPECT_STATUS, errors);
        String bodyMatch = type == MonitorType.HTTP ? bodyMatch(raw, errors) : "";
        boolean tlsVerify = bool(raw, TLS_VERIFY, errors);
        String iface = type == MonitorType.LINK ? iface(raw, errors) : "";
        List<String> command = type == MonitorType.COMMAND ? command(raw, errors) : List.of();
        int interval = integer(raw, INTERVAL_MILLIS, 100, MAX_INTERVAL_MILLIS, errors);
        int timeout = integer(raw, TIMEOUT_MILLIS, 1, MAX_INTERVAL_MILLIS, errors);
        if (timeout > interval && interval >= 100) {
            String defaulted = raw.get(TIMEOUT_MILLIS.key()) == null ? " (the default)" : "";
            errors.add(TIMEOUT_MILLIS + " = " + timeout + defaulted + ": expected at most " + INTERVAL_MILLIS + " ("
                + interval + "), so that checks do not overlap");
        }
        int rise = integer(raw, RISE, 1, 100, errors);
        int fall = integer(raw, FALL, 1, 100, errors);
        raw.refuseIfAny(ConfigReader.refusal(FACTORY_PID, "", name), errors); // the name as a peer sent it
        return new MonitorOptions(name, type, host, port, url, expect, bodyMatch, tlsVerify, iface, command,
            interval, timeout, rise, fall);
    }

    private static String keysOf(MonitorType type) {
        return type.keys().isEmpty() ? "no other keys" : String.join(", ", type.keys());
    }

    private static String host(Map<String, ?> raw, List<String> errors) {
        String host = text(raw, HOST);
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (host.isEmpty()) {
            errors.add(HOST + " is missing: expected a host name or an IP address");
        } else if (!HOST_NAME.matcher(bare).matches() && !IPV6.matcher(bare).matches()) {
            errors.add(HOST + " = '" + host + "': expected a host name or an IP address");
        }
        return bare;
    }

    private static String url(Map<String, ?> raw, List<String> errors) {
        String url = text(raw, URL);
        String accepted = "expected an http:// or https:// URL with a host, such as http://10.0.0.5:8080/health";
        if (url.isEmpty()) {
            errors.add(URL + " is missing: " + accepted);
            return url;
        }
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
                errors.add(URL + " = '" + url + "': " + accepted);
            }
        } catch (URISyntaxException e) {
            errors.add(URL + " = '" + url + "': " + accepted + " (" + e.getReason() + " at index " + e.getIndex()
                + ")");
        }
        return url;
    }

    private static String bodyMatch(Map<String, ?> raw, List<String> errors) {
        String regex = untrimmed(raw, BODY_MATCH.key());
        try {
            Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            errors.add(BODY_MATCH + " = '" + regex + "': expected a Java regular expression (" + e.getDescription()
                + " near index " + e.getIndex() + ")");
        }
        return regex;
    }

    private static String iface(Map<String, ?> raw, List<String> errors) {
        String iface = text(raw, INTERFACE_NAME);
        if (!INTERFACE.matcher(iface).matches()) {
            errors.add((iface.isEmpty() ? INTERFACE_NAME + " is missing" : INTERFACE_NAME + " = '" + iface + "'")
                + ": expected an interface name, 1-15 letters, digits, '.', '_' or '-'");
        }
        return iface;
    }

    private static List<String> command(Map<String, ?> raw, List<String> errors) {
        List<String> argv = list(raw, COMMAND);
        if (argv.isEmpty()) {
            errors.add(COMMAND + " is missing: expected the program and its arguments, run without a shell"
                + " (in a .cfg file comma-separated: command = /usr/local/bin/check-db, --quick)");
        }
        return argv;
    }
}
