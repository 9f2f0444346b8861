package org.vireo.vrrp.internal.instance;

import static org.vireo.config.ConfigValues.bool;
import static org.vireo.config.ConfigValues.integer;
import static org.vireo.config.ConfigValues.list;
import static org.vireo.config.ConfigValues.text;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.vireo.config.ConfigReader;
import org.vireo.vrrp.VrrpInstance;

/** One instance's configuration, parsed and checked once; every error names the key, the value and what is accepted. */
public record InstanceOptions(String name, String interfaceName, int vrid, int version, boolean ipv6, int priority,
                              int advertIntervalMillis, boolean preempt, int preemptDelaySeconds, boolean accept,
                              List<InetAddress> virtualAddresses, List<InetAddress> unicastPeers,
                              List<InetAddress> allowedPeers, boolean virtualMac, Duration resignHoldOff,
                              Duration readinessTimeout) {

    static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,32}");
    static final Pattern INTERFACE = Pattern.compile("[A-Za-z0-9._-]{1,15}");
    private static final Pattern ADDRESS_CHARS = Pattern.compile("[0-9A-Fa-f:.]+");

    public InstanceOptions {
        virtualAddresses = List.copyOf(virtualAddresses);
        unicastPeers = List.copyOf(unicastPeers);
        allowedPeers = List.copyOf(allowedPeers);
    }

    /** The same configuration with another priority. */
    public InstanceOptions withPriority(int newPriority) {
        return new InstanceOptions(name, interfaceName, vrid, version, ipv6, newPriority, advertIntervalMillis, preempt,
            preemptDelaySeconds, accept, virtualAddresses, unicastPeers, allowedPeers, virtualMac, resignHoldOff,
            readinessTimeout);
    }

    /**
     * The only sources this instance takes adverts from: its {@code allowedPeers}, or else its unicast peers (it
     * talks to those alone); empty: anyone on the link.
     */
    public List<InetAddress> allowedSources() {
        return allowedPeers.isEmpty() ? unicastPeers : allowedPeers;
    }

    /** The advertisement interval in centiseconds, VRRP's unit. */
    public int advertIntervalCentis() {
        return advertIntervalMillis / 10;
    }

    /**
     * Parses a configuration as ConfigurationAdmin hands it over.
     *
     * @throws IllegalArgumentException naming the PID, every bad key, its value and what is accepted
     */
    public static InstanceOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        String name = text(raw, "name", "");
        if (!NAME.matcher(name).matches()) {
            errors.add("name = '" + name + "': expected 1-32 letters, digits, '.', '_' or '-'");
        }
        String iface = text(raw, "interfaceName", "eth0");
        if (!INTERFACE.matcher(iface).matches()) {
            errors.add("interfaceName = '" + iface + "': expected 1-15 letters, digits, '.', '_' or '-'");
        }
        int vrid = integer(raw, "vrid", null, 1, 255, "1-255", errors);
        int version = integer(raw, "version", 3, 2, 3, "2 or 3", errors);
        String family = text(raw, "addressFamily", "ipv4").toLowerCase(java.util.Locale.ROOT);
        boolean ipv6 = family.equals("ipv6");
        if (!ipv6 && !family.equals("ipv4")) {
            errors.add("addressFamily = '" + family + "': expected ipv4 or ipv6");
        } else if (ipv6 && version == 2) {
            errors.add("addressFamily = 'ipv6' with version = 2: VRRPv2 is IPv4 only; use version = 3");
        }
        int priority = integer(raw, "priority", 100, 1, 255, "1-255 (255: the address owner)", errors);
        int interval = integer(raw, "advertIntervalMillis", 1000, 10, 255_000, "see below", errors);
        if (version == 3 && (interval < 10 || interval > 40_950 || interval % 10 != 0)) {
            errors.add("advertIntervalMillis = " + interval + ": VRRPv3 accepts 10-40950 in steps of 10");
        } else if (version == 2 && (interval < 1000 || interval > 255_000 || interval % 1000 != 0)) {
            errors.add("advertIntervalMillis = " + interval + ": VRRPv2 accepts 1000-255000 in steps of 1000");
        }
        boolean preempt = bool(raw, "preempt", true, errors);
        int preemptDelay = integer(raw, "preemptDelaySeconds", 0, 0, 1000, "0-1000", errors);
        boolean accept = bool(raw, "accept", false, errors);
        List<InetAddress> vips = addresses(raw, "virtualAddresses", ipv6, errors);
        if (vips.isEmpty() && errors.stream().noneMatch(e -> e.startsWith("virtualAddresses"))) {
            errors.add("virtualAddresses is empty: expected 1-255 " + (ipv6 ? "IPv6" : "IPv4") + " addresses");
        } else if (vips.size() > 255) {
            errors.add("virtualAddresses has " + vips.size() + " addresses: at most 255");
        }
        List<InetAddress> peers = addresses(raw, "unicastPeers", ipv6, errors);
        List<InetAddress> allowed = addresses(raw, "allowedPeers", ipv6, errors);
        if (!allowed.isEmpty()) {
            peers.stream().filter(p -> !allowed.contains(p)).findFirst().ifPresent(p -> errors.add("allowedPeers "
                + "lacks unicast peer " + p.getHostAddress() + ": its adverts would be dropped; list every unicast"
                + " peer in allowedPeers, or leave allowedPeers empty (then the unicast peers are the allowed ones)"));
        }
        boolean virtualMac = bool(raw, "virtualMac", false, errors);
        if (virtualMac && vrid > 0 && iface.length() > 0 && ("vrrp." + vrid).equals(iface)) {
            errors.add("interfaceName = '" + iface + "' with virtualMac = true: vrrp." + vrid
                + " is the macvlan Vireo creates; name the parent interface");
        }
        int holdOff = integer(raw, "resignHoldOffSeconds", 60, 1, 86_400, "1-86400", errors);
        int readiness = integer(raw, "readinessTimeoutSeconds", 60, 0, 3600, "0-3600 (0: do not wait)", errors);
        raw.refuseIfAny(ConfigReader.refusal(VrrpInstance.FACTORY_PID, "", name), errors);
        return new InstanceOptions(name, iface, vrid, version, ipv6, priority, interval, preempt, preemptDelay, accept,
            vips, peers, allowed, virtualMac, Duration.ofSeconds(holdOff), Duration.ofSeconds(readiness));
    }

    /** Address literals of the family, from a list key; each bad one is named. */
    private static List<InetAddress> addresses(Map<String, ?> raw, String key, boolean ipv6, List<String> errors) {
        List<InetAddress> result = new ArrayList<>();
        for (String s : list(raw, key)) {
            InetAddress a = literal(s);
            if (a == null || ipv6 != (a instanceof Inet6Address)) {
                errors.add(key + " holds '" + s + "': expected " + (ipv6 ? "IPv6" : "IPv4")
                    + " address literals (addressFamily = " + (ipv6 ? "ipv6" : "ipv4") + ")");
            } else if (result.contains(a)) {
                errors.add(key + " holds '" + s + "' twice");
            } else {
                result.add(a);
            }
        }
        return result;
    }

    /** An IP literal, or null; never a DNS lookup (getByName of a malformed dotted quad would do one). */
    private static InetAddress literal(String s) {
        try {
            if (s.contains(":")) {
                return ADDRESS_CHARS.matcher(s).matches() ? InetAddress.getByName(s) : null; // IPv6: always literal
            }
            String[] parts = s.split("\\.", -1);
            if (parts.length != 4) {
                return null;
            }
            byte[] bytes = new byte[4];
            for (int i = 0; i < 4; i++) {
                if (!parts[i].matches("0|[1-9][0-9]{0,2}") || Integer.parseInt(parts[i]) > 255) {
                    return null;
                }
                bytes[i] = (byte) Integer.parseInt(parts[i]);
            }
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            return null;
        }
    }
}
