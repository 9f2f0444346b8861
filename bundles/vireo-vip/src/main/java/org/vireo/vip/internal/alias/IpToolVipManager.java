package org.vireo.vip.internal.alias;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;

import org.vireo.vip.VipManager;

/** {@link VipManager} with iproute2 (see {@link IpCommand} for why). */
public final class IpToolVipManager implements VipManager {

    private final IpCommand ip;

    /** @param prefix what to run {@code ip} through; empty for this host's namespace */
    public IpToolVipManager(List<String> prefix) {
        this.ip = new IpCommand(prefix);
    }

    @Override
    public void claim(String interfaceName, List<InetAddress> vips) throws IOException {
        List<InetAddress> present = addresses(interfaceName);
        for (InetAddress vip : vips) {
            if (!present.contains(vip)) {
                // nodad: a VIP moves between nodes, duplicate detection would hold it back for a second or more
                if (vip instanceof Inet6Address) {
                    ip.run("-6", "addr", "add", vip.getHostAddress() + "/128", "dev", interfaceName, "nodad");
                } else {
                    ip.run("-4", "addr", "add", vip.getHostAddress() + "/32", "dev", interfaceName);
                }
            }
        }
        List<InetAddress> now = addresses(interfaceName);
        List<InetAddress> missing = new ArrayList<>(vips);
        missing.removeAll(now);
        if (!missing.isEmpty()) {
            throw new IOException("VIPs " + missing + " are not on " + interfaceName + " after adding them");
        }
    }

    @Override
    public void release(String interfaceName, List<InetAddress> vips) throws IOException {
        List<InetAddress> present = addresses(interfaceName);
        for (InetAddress vip : vips) {
            if (present.contains(vip)) {
                String bits = vip instanceof Inet6Address ? "/128" : "/32";
                ip.run(vip instanceof Inet6Address ? "-6" : "-4", "addr", "del", vip.getHostAddress() + bits, "dev",
                    interfaceName);
            }
        }
        List<InetAddress> left = new ArrayList<>(vips);
        left.retainAll(addresses(interfaceName));
        if (!left.isEmpty()) {
            throw new IOException("VIPs " + left + " are still on " + interfaceName + " after removing them");
        }
    }

    @Override
    public List<InetAddress> addresses(String interfaceName) throws IOException {
        return IpAddrOutput.addresses(ip.run("-o", "addr", "show", "dev", interfaceName));
    }
}
