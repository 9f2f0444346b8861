package org.vireo.vip.internal.alias;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.vireo.vip.VipManager;
import org.vireo.vip.internal.NetNamespace;

/**
 * Netlink from inside the test's namespace: every call runs on one thread that has entered it (setns affects
 * the calling thread only; a netlink socket belongs to the namespace it was opened in), the rest of the test
 * JVM stays where it is.
 */
class NetlinkVipManagerTest extends VipManagerContract {

    private final ExecutorService inNamespace = Executors.newSingleThreadExecutor();
    private NetlinkVipManager netlink;

    @Override
    protected VipManager managerIn(String ns) throws Exception {
        netlink = call(() -> {
            NetNamespace.enterOnThisThread(ns);
            return new NetlinkVipManager(new IpToolVipManager(List.of("ip", "netns", "exec", ns)));
        });
        return new VipManager() {
            @Override
            public void claim(String interfaceName, List<InetAddress> vips) throws IOException {
                call(() -> {
                    netlink.claim(interfaceName, vips);
                    return null;
                });
            }

            @Override
            public void release(String interfaceName, List<InetAddress> vips) throws IOException {
                call(() -> {
                    netlink.release(interfaceName, vips);
                    return null;
                });
            }

            @Override
            public List<InetAddress> addresses(String interfaceName) throws IOException {
                return netlink.addresses(interfaceName);
            }
        };
    }

    private <T> T call(Callable<T> task) throws IOException {
        try {
            return inNamespace.submit(task).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    @Test
    void theWarmUpGoesThroughTheKernelAndIsRefusedForAnInterfaceNoneHas() throws Exception {
        assertThat(call(netlink::warmUp)).as("ENODEV: the request went out and was answered").isEqualTo(19);
    }

    /**
     * Once claim returns, the kernel delivers to an IPv6 VIP (its local route is in), so that the neighbour
     * advertisement sent next draws no packet the node would drop. The kernel answers the request before that.
     */
    @Test
    void anIpv6VipIsInUseWhenClaimReturns() throws Exception {
        InetAddress vip = InetAddress.getByName("fd77:9::60");
        for (int i = 0; i < 10; i++) {
            vips.claim(IF, List.of(vip));
            try {
                assertThat(sh("ip", "netns", "exec", NS, "ip", "-6", "route", "show", "table", "local", "fd77:9::60"))
                    .as("claim %d", i).contains("local fd77:9::60 ");
            } finally {
                vips.release(IF, List.of(vip));
            }
        }
    }

    @AfterAll
    void stopThread() {
        inNamespace.shutdownNow();
    }
}
