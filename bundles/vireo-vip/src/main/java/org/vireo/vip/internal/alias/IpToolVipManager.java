package org.vireo.vip.internal.alias;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.List;

import org.vireo.vip.VipManager;

/**
 * {@link VipManager} with iproute2: the addresses of an interface for everyone, and claim and release where a
 * process start does not matter (tests; the node claims with {@link NetlinkVipManager}).
 */
public final class IpToolVipManager implements VipManager {

    private final IpCommand ip;

    /** @param prefix what to run {@code ip} through; empty for this host's namespace */
    public IpToolVipManager(List<String> prefix) {
        this.ip = new IpCommand(prefix);
    }

    /**
     * One {@code ip addr add} per VIP and nothing before it: this is on the way from becoming master to the
     * first gratuitous ARP. Its exit status is the kernel's answer; "already assigned" ("File exists" from older
     * iproute2) means the VIP is there.
     */
    @Override
    public void claim(String interfaceName, List<InetAddress> vips) throws IOException {
        for (InetAddress vip : vips) {
            try {
                // nodad: a VIP moves between nodes, duplicate detection would hold it back for a second or more;
                // preferred_lft 0: never the source of this node's own connections (NetlinkMessages.deprecated)
                if (vip instanceof Inet6Address) {
                    ip.run("-6", "addr", "add", vip.getHostAddress() + "/128", "dev", interfaceName, "nodad",
                        "preferred_lft", "0");
                } else {
                    ip.run("-4", "addr", "add", vip.getHostAddress() + "/32", "dev", interfaceName);
                }
            } catch (IOException e) {
                if (!mentions(e, "already assigned", "File exists")) {
                    throw e;
                }
            }
        }
    }

    /** One {@code ip addr del} per VIP; "not found" ("Cannot assign requested address") means it is not there:
     * also for the same address with another prefix length, which is not a VIP of ours. */
    @Override
    public void release(String interfaceName, List<InetAddress> vips) throws IOException {
        for (InetAddress vip : vips) {
            String bits = vip instanceof Inet6Address ? "/128" : "/32";
            try {
                ip.run(vip instanceof Inet6Address ? "-6" : "-4", "addr", "del", vip.getHostAddress() + bits, "dev",
                    interfaceName);
            } catch (IOException e) {
                if (!mentions(e, "not found", "Cannot assign requested address")
                    && !mentions(e, "Cannot find device", "does not exist")) { // the interface went, the VIP too
                    throw e;
                }
            }
        }
    }

    @Override
    public List<InetAddress> addresses(String interfaceName) throws IOException {
        return IpAddrOutput.addresses(ip.run("-o", "addr", "show", "dev", interfaceName));
    }

    /** What iproute2 said, in its newer (extended ack) or older (RTNETLINK) words. */
    private static boolean mentions(IOException e, String newer, String older) {
        String message = String.valueOf(e.getMessage());
        return message.contains(newer) || message.contains(older);
    }
}
