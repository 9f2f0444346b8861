package org.vireo.balancer.internal.listen;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;

import io.netty.util.NetUtil;

/**
 * IPv6 link-local addresses (fe80::/10) mean something only with the link they are on: a socket bound to or
 * connecting to one without a scope is refused by the kernel ({@code EINVAL}). An IPv6 VRRP instance's own address
 * is link-local (RFC 5798 5.1.2.1: the adverts' source), and so is the first VIP of an IPv6 group as RFC 5798 wants
 * it, so the balancer scopes those with the instance's interface.
 */
public final class LinkScope {

    private LinkScope() {
    }

    /** {@code address} scoped to {@code interfaceName} when it is an unscoped IPv6 link-local address; else itself. */
    public static InetAddress on(InetAddress address, String interfaceName) {
        if (!(address instanceof Inet6Address v6) || !v6.isLinkLocalAddress() || v6.getScopeId() != 0
            || interfaceName == null) {
            return address;
        }
        try {
            NetworkInterface link = NetworkInterface.getByName(interfaceName);
            // by index, not by NetworkInterface: the JDK would insist the link already has a link-local address
            return link == null ? address : Inet6Address.getByAddress(null, v6.getAddress(), link.getIndex());
        } catch (SocketException | UnknownHostException e) {
            return address; // the bind then fails and says why
        }
    }

    /** RFC 5952's text ({@code fd77::53}, not {@code fd77:0:0:0:0:0:0:53}), with the link of a scoped address. */
    public static String text(InetAddress address) {
        String text = NetUtil.toAddressString(address);
        if (address instanceof Inet6Address v6 && v6.getScopeId() != 0) {
            return text + "%" + linkName(v6.getScopeId());
        }
        return text;
    }

    private static String linkName(int index) {
        try {
            NetworkInterface link = NetworkInterface.getByIndex(index);
            return link == null ? String.valueOf(index) : link.getName();
        } catch (SocketException e) {
            return String.valueOf(index);
        }
    }
}
