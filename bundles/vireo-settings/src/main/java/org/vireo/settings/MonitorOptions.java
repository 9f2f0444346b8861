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

/**
 * One monitor's configuration, parsed and checked once. Keys of a type other than the monitor's are refused
 * rather than ignored: a {@code port} on an http monitor is a mistake the operator wants to hear about.
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

    static final int MAX_INTERVAL_MILLIS = 3_600_000;

    private static final int MAX_NAME = 64;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1," + MAX_NAME + "}");
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
        s.put("name", name);
        s.put("type", type.key());
        switch (type) {
            case TCP -> {
                s.put("host", host);
                s.put("port", String.valueOf(port));
            }
            case HTTP -> {
                s.put("url", url);
                s.put("expectStatus", expectStatus.toString());
                s.put("bodyMatch", bodyMatch);
                s.put("tlsVerify", String.valueOf(tlsVerify));
            }
            case LINK -> s.put("interface", interfaceName);
            case COMMAND -> s.put("command", String.join(", ", command));
        }
        s.put("intervalMillis", String.valueOf(intervalMillis));
        s.put("timeoutMillis", String.valueOf(timeoutMillis));
        s.put("rise", String.valueOf(rise));
        s.put("fall", String.valueOf(fall));
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
        String name = text(raw, "name", "");
        if (name.isEmpty()) {
            errors.add("name is missing: expected 1-64 letters, digits, '.', '_' or '-'");
        } else if (!NAME.matcher(name).matches()) {
            errors.add("name = '" + name + "': expected 1-64 letters, digits, '.', '_' or '-'");
        }
        String typeKey = text(raw, "type", "");
        MonitorType type = MonitorType.of(typeKey).orElse(null);
        if (type == null) {
            errors.add(typeKey.isEmpty() ? "type is missing: expected one of " + MonitorType.accepted()
                : "type = '" + typeKey + "': expected one of " + MonitorType.accepted());
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
        int port = type == MonitorType.TCP ? integer(raw, "port", null, 1, 65_535, errors) : 0;
        String url = type == MonitorType.HTTP ? url(raw, errors) : "";
        StatusCodes expect = StatusCodes.parse("expectStatus", list(raw, "expectStatus"), errors);
        String bodyMatch = type == MonitorType.HTTP ? bodyMatch(raw, errors) : "";
        boolean tlsVerify = bool(raw, "tlsVerify", true, errors);
        String iface = type == MonitorType.LINK ? iface(raw, errors) : "";
        List<String> command = type == MonitorType.COMMAND ? command(raw, errors) : List.of();
        int interval = integer(raw, "intervalMillis", 2000, 100, MAX_INTERVAL_MILLIS, errors);
        int timeout = integer(raw, "timeoutMillis", 1000, 1, MAX_INTERVAL_MILLIS, errors);
        if (timeout > interval && interval >= 100) {
            errors.add("timeoutMillis = " + timeout + (raw.get("timeoutMillis") == null ? " (the default)" : "")
                + ": expected at most intervalMillis (" + interval + "), so that checks do not overlap");
        }
        int rise = integer(raw, "rise", 2, 1, 100, errors);
        int fall = integer(raw, "fall", 3, 1, 100, errors);
        raw.refuseIfAny(ConfigReader.refusal(FACTORY_PID, "", name), errors); // the name as a peer sent it
        return new MonitorOptions(name, type, host, port, url, expect, bodyMatch, tlsVerify, iface, command,
            interval, timeout, rise, fall);
    }

    private static String keysOf(MonitorType type) {
        return type.keys().isEmpty() ? "no other keys" : String.join(", ", type.keys());
    }

    private static String host(Map<String, ?> raw, List<String> errors) {
        String host = text(raw, "host", "");
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (host.isEmpty()) {
            errors.add("host is missing: expected a host name or an IP address");
        } else if (!HOST_NAME.matcher(bare).matches() && !IPV6.matcher(bare).matches()) {
            errors.add("host = '" + host + "': expected a host name or an IP address");
        }
        return bare;
    }

    private static String url(Map<String, ?> raw, List<String> errors) {
        String url = text(raw, "url", "");
        String accepted = "expected an http:// or https:// URL with a host, such as http://10.0.0.5:8080/health";
        if (url.isEmpty()) {
            errors.add("url is missing: " + accepted);
            return url;
        }
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(java.util.Locale.ROOT);
            if (!(scheme.equals("http") || scheme.equals("https")) || uri.getHost() == null) {
                errors.add("url = '" + url + "': " + accepted);
            }
        } catch (URISyntaxException e) {
            errors.add("url = '" + url + "': " + accepted + " (" + e.getReason() + " at index " + e.getIndex() + ")");
        }
        return url;
    }

    private static String bodyMatch(Map<String, ?> raw, List<String> errors) {
        String regex = untrimmed(raw, "bodyMatch");
        try {
            Pattern.compile(regex);
        } catch (PatternSyntaxException e) {
            errors.add("bodyMatch = '" + regex + "': expected a Java regular expression (" + e.getDescription()
                + " near index " + e.getIndex() + ")");
        }
        return regex;
    }

    private static String iface(Map<String, ?> raw, List<String> errors) {
        String iface = text(raw, "interface", "");
        if (!INTERFACE.matcher(iface).matches()) {
            errors.add((iface.isEmpty() ? "interface is missing" : "interface = '" + iface + "'")
                + ": expected an interface name, 1-15 letters, digits, '.', '_' or '-'");
        }
        return iface;
    }

    private static List<String> command(Map<String, ?> raw, List<String> errors) {
        List<String> argv = list(raw, "command");
        if (argv.isEmpty()) {
            errors.add("command is missing: expected the program and its arguments, run without a shell"
                + " (in a .cfg file comma-separated: command = /usr/local/bin/check-db, --quick)");
        }
        return argv;
    }
}
