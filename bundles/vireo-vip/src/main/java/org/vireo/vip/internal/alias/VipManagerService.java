package org.vireo.vip.internal.alias;

import java.io.IOException;
import java.net.InetAddress;
import java.util.List;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.vireo.vip.VipManager;

/**
 * The node's {@link VipManager} as a service, for the bundles that put addresses on an interface besides the VIP
 * announcer (the balancer's sharing puts backup VIPs on {@code lo}): netlink, with iproute2 for the listing.
 */
@Component(service = VipManager.class)
public class VipManagerService implements VipManager {

    private VipManager delegate;

    @Activate
    void activate() {
        delegate = new NetlinkVipManager(new IpToolVipManager(List.of()));
    }

    @Override
    public void claim(String interfaceName, List<InetAddress> vips) throws IOException {
        delegate.claim(interfaceName, vips);
    }

    @Override
    public void release(String interfaceName, List<InetAddress> vips) throws IOException {
        delegate.release(interfaceName, vips);
    }

    @Override
    public List<InetAddress> addresses(String interfaceName) throws IOException {
        return delegate.addresses(interfaceName);
    }
}
