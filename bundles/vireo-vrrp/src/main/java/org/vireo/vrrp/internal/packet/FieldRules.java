package org.vireo.vrrp.internal.packet;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.util.List;

/** Range rules shared by {@link VrrpAdvert} and {@link ReceiveContext}, so both reject the same values. */
final class FieldRules {

    static final int MIN_VRID = 1;
    static final int MAX_VRID = 255;
    static final int MAX_PRIORITY = 255;
    /** Count IPvX Addrs is one byte; a virtual router protects at least one address. */
    static final int MAX_ADDRESSES = 255;

    private FieldRules() {
    }

    static int requireInRange(String field, int value, int min, int max) {
        if (value < min || value > max) {
            throw outOfRange(field, value, min, max);
        }
        return value;
    }

    static int requireVrid(int vrid) {
        return requireInRange("vrid", vrid, MIN_VRID, MAX_VRID);
    }

    static int requireInterval(VrrpVersion version, int interval) {
        if (interval < 1 || interval > version.maxInterval()) {
            // The field name is built only here: this check runs for every decoded packet.
            throw outOfRange("interval (" + version.intervalUnit() + ")", interval, 1, version.maxInterval());
        }
        return interval;
    }

    private static IllegalArgumentException outOfRange(String field, int value, int min, int max) {
        return new IllegalArgumentException(field + " must be in " + min + ".." + max + ", was " + value);
    }

    /**
     * Returns an immutable copy after checking count and family: VRRPv2 carries IPv4 only, and a
     * VRRPv3 advertisement travels in one IP family, so its list is all IPv4 or all IPv6.
     */
    static List<InetAddress> requireAddresses(VrrpVersion version, List<InetAddress> addresses) {
        // List.copyOf returns an already immutable list as is: decoding reuses the configured list for free.
        List<InetAddress> copy = List.copyOf(addresses);
        requireInRange("addresses count", copy.size(), 1, MAX_ADDRESSES);
        boolean ipv4 = copy.get(0) instanceof Inet4Address;
        if (version == VrrpVersion.V2 && !ipv4) {
            throw new IllegalArgumentException("addresses must be IPv4 for VRRPv2, found " + copy.get(0));
        }
        for (int i = 1; i < copy.size(); i++) {
            if ((copy.get(i) instanceof Inet4Address) != ipv4) {
                throw new IllegalArgumentException("addresses must all be IPv4 or all be IPv6, found "
                        + copy.get(0) + " and " + copy.get(i));
            }
        }
        return copy;
    }
}
