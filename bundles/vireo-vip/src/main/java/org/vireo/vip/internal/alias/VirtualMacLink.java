package org.vireo.vip.internal.alias;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The macvlan that carries an instance's VIPs in virtual-MAC mode (RFC 5798 7.3), named as keepalived names
 * its own: {@code vrrp.<VRID>} (IPv6 instances: {@code vrrp6.<VRID>}) on the instance's interface, with MAC
 * 00:00:5e:00:01:VRID (00:00:5e:00:02:VRID). It exists while the instance is master only, so that a
 * backup never sends anything from the virtual MAC. The parent gets arp_ignore=1, so that only the macvlan
 * answers ARP for the VIPs (with the virtual MAC), and arp_announce=2, so that the parent's own ARP requests
 * (e.g. for a client the VIP answers) name the parent's address, not a VIP next to the parent's MAC, which
 * would teach the client the wrong MAC for the VIP.
 */
public final class VirtualMacLink {

    private final IpCommand ip;

    public VirtualMacLink(IpCommand ip) {
        this.ip = ip;
    }

    public static String name(int vrid, boolean ipv6) {
        return (ipv6 ? "vrrp6." : "vrrp.") + vrid;
    }

    /** Creates (or keeps) the macvlan with {@code mac} on {@code parent}, up, without IPv6 autoconfiguration. */
    public void ensure(String parent, String name, String mac) throws IOException {
        String shown = show(name);
        if (shown != null && !shown.toLowerCase(Locale.ROOT).contains(mac.toLowerCase(Locale.ROOT))) {
            ip.run("link", "del", "dev", name); // someone else's or a wrong one: make ours
            shown = null;
        }
        if (shown == null) {
            ip.run("link", "add", "link", parent, "name", name, "address", mac, "type", "macvlan", "mode", "private");
            ip.run("link", "set", "dev", name, "addrgenmode", "none");
        }
        ip.run("link", "set", "dev", name, "up");
        sysctl(parent, "arp_ignore", "1");
        sysctl(parent, "arp_announce", "2");
    }

    /** Sets net.ipv4.conf.IF.KEY (of this network namespace) if it is not set so. */
    private static void sysctl(String interfaceName, String key, String value) throws IOException {
        Path file = Path.of("/proc/sys/net/ipv4/conf", interfaceName, key);
        if (Files.isWritable(file) && !Files.readString(file).trim().equals(value)) {
            Files.writeString(file, value);
        }
    }

    /** Deletes the macvlan (and so its VIPs) if it exists. */
    public void delete(String name) throws IOException {
        if (show(name) != null) {
            ip.run("link", "del", "dev", name);
        }
        if (show(name) != null) {
            throw new IOException(name + " is still there after deleting it");
        }
    }

    private String show(String name) throws IOException {
        try {
            return ip.run("-o", "link", "show", "dev", name);
        } catch (IOException e) {
            if (String.valueOf(e.getMessage()).contains("does not exist")) {
                return null;
            }
            throw e;
        }
    }
}
