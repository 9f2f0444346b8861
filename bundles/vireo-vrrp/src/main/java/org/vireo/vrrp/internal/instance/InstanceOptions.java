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

import org.vireo.config.AddressText;
import org.vireo.config.ConfigReader;
import org.vireo.config.Setting;
import org.vireo.vrrp.VrrpInstance;

/** One instance's configuration, parsed and checked once; every error names the key, the value and what is accepted. */
public record InstanceOptions(String name, String interfaceName, int vrid, int version, boolean ipv6, int priority,
                              int advertIntervalMillis, boolean preempt, int preemptDelaySeconds, boolean accept,
                              List<InetAddress> virtualAddresses, List<InetAddress> unicastPeers,
                              List<InetAddress> allowedPeers, boolean virtualMac, Duration resignHoldOff,
                              Duration readinessTimeout, Duration releaseHoldMax) {

    // the keys as InstanceConfig (the factory PID's metatype) declares them, with their defaults
    static final Setting<String> NAME = Setting.of(InstanceConfig.class, InstanceConfig::name);
    static final Setting<String> INTERFACE_NAME = Setting.of(InstanceConfig.class, InstanceConfig::interfaceName);
    static final Setting<Integer> VRID = Setting.of(InstanceConfig.class, InstanceConfig::vrid);
    static final Setting<Integer> VERSION = Setting.of(InstanceConfig.class, InstanceConfig::version);
    static final Setting<String> ADDRESS_FAMILY = Setting.of(InstanceConfig.class, InstanceConfig::addressFamily);
    static final Setting<Integer> PRIORITY = Setting.of(InstanceConfig.class, InstanceConfig::priority);
    static final Setting<Integer> ADVERT_INTERVAL_MILLIS =
        Setting.of(InstanceConfig.class, InstanceConfig::advertIntervalMillis);
    static final Setting<Boolean> PREEMPT = Setting.of(InstanceConfig.class, InstanceConfig::preempt);
    static final Setting<Integer> PREEMPT_DELAY_SECONDS =
        Setting.of(InstanceConfig.class, InstanceConfig::preemptDelaySeconds);
    static final Setting<Boolean> ACCEPT = Setting.of(InstanceConfig.class, InstanceConfig::accept);
    static final Setting<String[]> VIRTUAL_ADDRESSES =
        Setting.of(InstanceConfig.class, InstanceConfig::virtualAddresses);
    static final Setting<String[]> UNICAST_PEERS = Setting.of(InstanceConfig.class, InstanceConfig::unicastPeers);
    static final Setting<String[]> ALLOWED_PEERS = Setting.of(InstanceConfig.class, InstanceConfig::allowedPeers);
    static final Setting<Boolean> VIRTUAL_MAC = Setting.of(InstanceConfig.class, InstanceConfig::virtualMac);
    static final Setting<Integer> RESIGN_HOLD_OFF_SECONDS =
        Setting.of(InstanceConfig.class, InstanceConfig::resignHoldOffSeconds);
    static final Setting<Integer> READINESS_TIMEOUT_SECONDS =
        Setting.of(InstanceConfig.class, InstanceConfig::readinessTimeoutSeconds);
    static final Setting<Integer> RELEASE_HOLD_MAX_SECONDS =
        Setting.of(InstanceConfig.class, InstanceConfig::releaseHoldMaxSeconds);

    static final Pattern INSTANCE_NAME = Pattern.compile("[A-Za-z0-9._-]{1,32}");
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
            readinessTimeout, releaseHoldMax);
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
        String name = text(raw, NAME);
        if (!INSTANCE_NAME.matcher(name).matches()) {
            errors.add(NAME + " = '" + name + "': expected 1-32 letters, digits, '.', '_' or '-'");
        }
        String iface = text(raw, INTERFACE_NAME);
        if (!INTERFACE.matcher(iface).matches()) {
            errors.add(INTERFACE_NAME + " = '" + iface + "': expected 1-15 letters, digits, '.', '_' or '-'");
        }
        int vrid = integer(raw, VRID, 1, 255, "1-255", errors);
        int version = integer(raw, VERSION, 2, 3, "2 or 3", errors);
        String family = text(raw, ADDRESS_FAMILY).toLowerCase(java.util.Locale.ROOT);
        boolean ipv6 = family.equals("ipv6");
        if (!ipv6 && !family.equals("ipv4")) {
            errors.add(ADDRESS_FAMILY + " = '" + family + "': expected ipv4 or ipv6");
        } else if (ipv6 && version == 2) {
            errors.add(ADDRESS_FAMILY + " = 'ipv6' with " + VERSION + " = 2: VRRPv2 is IPv4 only; use " + VERSION
                + " = 3");
        }
        int priority = integer(raw, PRIORITY, 1, 255, "1-255 (255: the address owner)", errors);
        // the bounds of either version here; the version's own range and step below
        int interval = integer(raw, ADVERT_INTERVAL_MILLIS, 10, 255_000, "see below", errors);
        if (version == 3 && (interval < 10 || interval > 40_950 || interval % 10 != 0)) {
            errors.add(ADVERT_INTERVAL_MILLIS + " = " + interval + ": VRRPv3 accepts 10-40950 in steps of 10");
        } else if (version == 2 && (interval < 1000 || interval > 255_000 || interval % 1000 != 0)) {
            errors.add(ADVERT_INTERVAL_MILLIS + " = " + interval + ": VRRPv2 accepts 1000-255000 in steps of 1000");
        }
        boolean preempt = bool(raw, PREEMPT, errors);
        int preemptDelay = integer(raw, PREEMPT_DELAY_SECONDS, 0, 1000, "0-1000", errors);
        boolean accept = bool(raw, ACCEPT, errors);
        List<InetAddress> vips = addresses(raw, VIRTUAL_ADDRESSES, ipv6, errors);
        if (vips.isEmpty() && errors.stream().noneMatch(e -> e.startsWith(VIRTUAL_ADDRESSES.key()))) {
            errors.add(VIRTUAL_ADDRESSES + " is empty: expected 1-255 " + (ipv6 ? "IPv6" : "IPv4") + " addresses");
        } else if (vips.size() > 255) {
            errors.add(VIRTUAL_ADDRESSES + " has " + vips.size() + " addresses: at most 255");
        }
        if (ipv6) {
            linkLocalFirst(vips);
        }
        List<InetAddress> peers = addresses(raw, UNICAST_PEERS, ipv6, errors);
        List<InetAddress> allowed = addresses(raw, ALLOWED_PEERS, ipv6, errors);
        if (!allowed.isEmpty()) {
            peers.stream().filter(p -> !allowed.contains(p)).findFirst().ifPresent(p -> errors.add(ALLOWED_PEERS
                + " lacks unicast peer " + AddressText.of(p) + ": its adverts would be dropped; list every unicast"
                + " peer in " + ALLOWED_PEERS + ", or leave " + ALLOWED_PEERS + " empty (then the unicast peers are"
                + " the allowed ones)"));
        }
        boolean virtualMac = bool(raw, VIRTUAL_MAC, errors);
        if (virtualMac && vrid > 0 && iface.length() > 0 && ("vrrp." + vrid).equals(iface)) {
            errors.add(INTERFACE_NAME + " = '" + iface + "' with " + VIRTUAL_MAC + " = true: vrrp." + vrid
                + " is the macvlan Vireo creates; name the parent interface");
        }
        int holdOff = integer(raw, RESIGN_HOLD_OFF_SECONDS, 1, 86_400, "1-86400", errors);
        int readiness = integer(raw, READINESS_TIMEOUT_SECONDS, 0, 3600, "0-3600 (0: do not wait)", errors);
        int releaseHold = integer(raw, RELEASE_HOLD_MAX_SECONDS, 0, 600, "0-600 (0: never wait for pre-release"
            + " hooks)", errors);
        raw.refuseIfAny(ConfigReader.refusal(VrrpInstance.FACTORY_PID, "", name), errors);
        return new InstanceOptions(name, iface, vrid, version, ipv6, priority, interval, preempt, preemptDelay, accept,
            vips, peers, allowed, virtualMac, Duration.ofSeconds(holdOff), Duration.ofSeconds(readiness),
            Duration.ofSeconds(releaseHold));
    }

    /**
     * Moves the first link-local address to the front: RFC 5798 5.2.9 wants the virtual router's IPv6 link-local
     * address first in its adverts, and an operator should not have to know that to list the VIPs in any order.
     */
    private static void linkLocalFirst(List<InetAddress> vips) {
        vips.stream().filter(InetAddress::isLinkLocalAddress).findFirst().ifPresent(linkLocal -> {
            vips.remove(linkLocal);
            vips.add(0, linkLocal);
        });
    }

    /** Address literals of the family, from a list key; each bad one is named. */
    private static List<InetAddress> addresses(Map<String, ?> raw, Setting<String[]> key, boolean ipv6,
                                               List<String> errors) {
        List<InetAddress> result = new ArrayList<>();
        for (String s : list(raw, key)) {
            InetAddress a = literal(s);
            if (a == null || ipv6 != (a instanceof Inet6Address)) {
                errors.add(key + " holds '" + s + "': expected " + (ipv6 ? "IPv6" : "IPv4")
                    + " address literals (" + ADDRESS_FAMILY + " = " + (ipv6 ? "ipv6" : "ipv4") + ")");
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
