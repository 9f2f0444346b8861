package org.vireo.vip.internal.frame;

import java.net.Inet6Address;
import java.net.InetAddress;

/**
 * The Ethernet and IP facts of a received VRRP packet; the VRRP message itself is left
 * in the caller's buffer and is not validated here, beyond its first two bytes being there.
 *
 * @param sourceMac      Ethernet source
 * @param destinationMac Ethernet destination
 * @param vlanId         802.1Q VLAN id, or -1 if the frame was untagged
 * @param source         IP source ({@code Inet4Address} or {@code Inet6Address})
 * @param destination    IP destination
 * @param ttl            IPv4 TTL or IPv6 hop limit; RFC 5798 5.1.1.3 wants 255, the caller decides
 * @param protocol       IPv4 protocol or IPv6 next header (always 112 today)
 * @param vrrpOffset     absolute index of the VRRP message in the array given to parse
 * @param vrrpLength     length of the VRRP message as stated by the IP header (Ethernet padding excluded), at
 *                       least 2 (version/type and VRID)
 */
public record ReceivedVrrp(MacAddress sourceMac, MacAddress destinationMac, int vlanId,
                           InetAddress source, InetAddress destination, int ttl, int protocol,
                           int vrrpOffset, int vrrpLength) {

    public boolean isIpv6() {
        return source instanceof Inet6Address;
    }
}
