package org.vireo.vrrp.internal.packet;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.List;
import java.util.Objects;

/**
 * A VRRP advertisement (type 1, the only type) as carried on the wire.
 *
 * <p>VRRPv2 advertisements always carry Auth Type 0 (no authentication): RFC 3768 section 5.3.6
 * reserves the RFC 2338 types 1 and 2, so there is nothing else to model. For IPv6, RFC 5798
 * section 5.2.9 wants the link-local address first; that is a configuration rule and is left to
 * the configuration layer, so a peer's non-conforming list still decodes.
 *
 * @param version   protocol version
 * @param vrid      virtual router id, 1..255
 * @param priority  sender's priority, 0..255 (0: master is leaving; 255: sender owns the addresses)
 * @param interval  advertisement interval in the version's unit: v3 Max Adver Int in centiseconds
 *                  (1..4095), v2 Adver Int in seconds (1..255)
 * @param addresses virtual addresses, 1..255, all IPv4 (v2, v3 over IPv4) or all IPv6 (v3 over IPv6)
 */
public record VrrpAdvert(VrrpVersion version, int vrid, int priority, int interval, List<InetAddress> addresses) {

    /** Priority of the router that owns the virtual addresses. */
    public static final int PRIORITY_OWNER = 255;
    /** Priority a master sends when it stops participating, so a backup takes over without waiting. */
    public static final int PRIORITY_STOP = 0;

    public VrrpAdvert {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(addresses, "addresses");
        FieldRules.requireVrid(vrid);
        FieldRules.requireInRange("priority", priority, 0, FieldRules.MAX_PRIORITY);
        FieldRules.requireInterval(version, interval);
        addresses = FieldRules.requireAddresses(version, addresses);
    }

    /** Whether the address list, and so the IP packet carrying this advertisement, is IPv6. */
    public boolean isIpv6() {
        return addresses.get(0) instanceof Inet6Address;
    }
}
