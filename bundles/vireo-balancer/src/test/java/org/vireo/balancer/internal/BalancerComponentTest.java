package org.vireo.balancer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.vireo.settings.BalancerOptions;
import org.vireo.balancer.internal.config.LocalOptions;
import org.vireo.balancer.internal.listen.LinkScope;
import org.vireo.balancer.internal.listen.Listeners;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;

class BalancerComponentTest {

    private static final BalancerOptions OPTIONS = BalancerOptions.parse(Map.of("scanners", "10.0.0.1:3128"));

    /**
     * Instance {@code vi<last octet of the VIP>} in {@code state} with one virtual address, this node's address
     * 10.0.0.11 and the master 10.0.0.12 (itself while master); nothing else of it is asked.
     */
    private static VrrpInstance instance(VrrpState state, String vip) throws Exception {
        InetAddress address = InetAddress.getByName(vip);
        InetAddress self = InetAddress.getByName("10.0.0.11");
        InetAddress master = state == VrrpState.MASTER ? self : InetAddress.getByName("10.0.0.12");
        return (VrrpInstance) Proxy.newProxyInstance(VrrpInstance.class.getClassLoader(),
            new Class<?>[] {VrrpInstance.class}, (proxy, method, args) -> switch (method.getName()) {
                case "name" -> "vi" + vip.substring(vip.lastIndexOf('.') + 1);
                case "interfaceName" -> "eth0";
                case "state" -> state;
                case "virtualAddresses" -> List.of(address);
                case "primaryAddress" -> Optional.of(self);
                case "masterAddress" -> Optional.of(master);
                default -> throw new UnsupportedOperationException(method.getName());
            });
    }

    /** An IPv6 instance on lo: VIPs fe80::53 (link-local first, as RFC 5798 wants) and fd77::53, its own fe80::11. */
    private static VrrpInstance ipv6Instance(VrrpState state) throws Exception {
        InetAddress self = InetAddress.getByName("fe80::11");
        InetAddress master = state == VrrpState.MASTER ? self : InetAddress.getByName("fe80::12");
        List<InetAddress> vips = List.of(InetAddress.getByName("fe80::53"), InetAddress.getByName("fd77::53"));
        return (VrrpInstance) Proxy.newProxyInstance(VrrpInstance.class.getClassLoader(),
            new Class<?>[] {VrrpInstance.class}, (proxy, method, args) -> switch (method.getName()) {
                case "name" -> "v6";
                case "interfaceName" -> "lo";
                case "state" -> state;
                case "virtualAddresses" -> vips;
                case "primaryAddress" -> Optional.of(self);
                case "masterAddress" -> Optional.of(master);
                default -> throw new UnsupportedOperationException(method.getName());
            });
    }

    private static List<String> listening(List<VrrpInstance> running, boolean configured) {
        return listening(Map.of(), running, configured);
    }

    private static List<String> listening(Map<String, String> local, List<VrrpInstance> running, boolean configured) {
        return listening(local, running, configured, true);
    }

    /** With {@code bindAhead}: the transport binds an address not on an interface (epoll, io_uring; not NIO). */
    private static List<String> listening(Map<String, String> local, List<VrrpInstance> running, boolean configured,
                                          boolean bindAhead) {
        return BalancerComponent.wanted(OPTIONS, LocalOptions.parse(local), running, configured, bindAhead).stream()
            .map(s -> LinkScope.text(s.address().getAddress()) + ":" + s.address().getPort()
                + (s.freeBind() ? " freebind" : "")
                + (s.route().relayTo() == null ? "" : " -> " + LinkScope.text(s.route().relayTo().getAddress())
                + ":" + s.route().relayTo().getPort()))
            .toList();
    }

    @Test
    void aNodeWithoutVrrpInstancesListensOnTheStandaloneAddresses() {
        assertThat(listening(List.of(), false)).containsExactly("0.0.0.0:9090", "0.0.0.0:2121");
    }

    @Test
    void theAllInOneNodeLeavesFtpToItsOwnScanner() {
        BalancerOptions allInOne = BalancerOptions.parse(Map.of("scanners", "127.0.0.1:3128"));

        assertThat(BalancerComponent.wanted(allInOne, LocalOptions.parse(Map.of()), List.of(), false, true))
            .extracting(s -> s.address().getPort()).containsExactly(9090);
    }

    @Test
    void aNodeServesTheVipsOfTheInstancesItIsMasterOf_andItsOwnAddressForRelays() throws Exception {
        List<VrrpInstance> running = List.of(instance(VrrpState.MASTER, "10.0.0.51"),
            instance(VrrpState.INITIALIZE, "10.0.0.52"));
        assertThat(listening(Map.of(), running, true, false)).containsExactly("10.0.0.51:9090 freebind",
            "10.0.0.51:2121 freebind", "10.0.0.11:9090", "10.0.0.11:2121"); // its own address: backups relay there
        assertThat(listening(Map.of(), List.of(instance(VrrpState.BACKUP, "10.0.0.51")), true, false)).isEmpty();
    }

    /** Bound ahead, a backup's VIP sockets are there when it takes over: nothing to bind between VIP and service. */
    @Test
    void aBackupListensAheadOnItsVipsWhereTheTransportCanBindThem() throws Exception {
        List<VrrpInstance> running = List.of(instance(VrrpState.BACKUP, "10.0.0.51"),
            instance(VrrpState.FAULT, "10.0.0.52"));

        assertThat(listening(Map.of(), running, true, true)).containsExactly("10.0.0.51:9090 freebind",
            "10.0.0.51:2121 freebind");
        assertThat(listening(Map.of(), running, true, false)).isEmpty();
    }

    @Test
    void aBackupListensOnTheVipsItSharesAndRelaysThoseItSendsToTheMaster() throws Exception {
        List<VrrpInstance> running = List.of(instance(VrrpState.BACKUP, "10.0.0.51"),
            instance(VrrpState.BACKUP, "10.0.0.52"), instance(VrrpState.BACKUP, "10.0.0.53"));

        assertThat(listening(Map.of("sharing", "vi51", "sendToMaster", "vi52"), running, true)).containsExactly(
            "10.0.0.51:9090 freebind", "10.0.0.51:2121 freebind",
            "10.0.0.52:9090 freebind -> 10.0.0.12:9090", "10.0.0.52:2121 freebind -> 10.0.0.12:2121",
            "10.0.0.53:9090 freebind", "10.0.0.53:2121 freebind"); // neither shared nor relayed: bound ahead
    }

    @Test
    void aNodeWhoseConfiguredInstancesDoNotRunYetListensNowhere() {
        // the instance services come after the balancer at boot, and go with vireo-vrrp: a backup listening on
        // every address meanwhile was seen in BalancerLabIT
        assertThat(listening(List.of(), true)).isEmpty();
    }

    @Test
    void anIpv6MasterListensOnItsLinkLocalAddressesScopedToTheInstancesLink() throws Exception {
        // unscoped, the kernel refuses to bind fe80:: (EINVAL): seen in the lab with --vip fe80::53,fd77::53
        assertThat(listening(List.of(ipv6Instance(VrrpState.MASTER)), true)).containsExactly(
            "fe80::53%lo:9090 freebind", "fe80::53%lo:2121 freebind", "fd77::53:9090 freebind",
            "fd77::53:2121 freebind", "fe80::11%lo:9090", "fe80::11%lo:2121");
    }

    @Test
    void anIpv6BackupRelaysToTheMastersLinkLocalAddressOnTheInstancesLink() throws Exception {
        assertThat(listening(Map.of("sendToMaster", "v6"), List.of(ipv6Instance(VrrpState.BACKUP)), true))
            .contains("fd77::53:9090 freebind -> fe80::12%lo:9090");
    }
}
