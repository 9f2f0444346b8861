package org.vireo.balancer.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.balancer.internal.config.BalancerOptions;
import org.vireo.balancer.internal.listen.Listeners;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;

class BalancerComponentTest {

    private static final BalancerOptions OPTIONS = BalancerOptions.parse(Map.of("scanners", "10.0.0.1:3128"));

    /** An instance in {@code state} with one virtual address; nothing else of it is asked. */
    private static VrrpInstance instance(VrrpState state, String vip) throws Exception {
        InetAddress address = InetAddress.getByName(vip);
        return (VrrpInstance) Proxy.newProxyInstance(VrrpInstance.class.getClassLoader(),
            new Class<?>[] {VrrpInstance.class}, (proxy, method, args) -> switch (method.getName()) {
                case "state" -> state;
                case "virtualAddresses" -> List.of(address);
                default -> throw new UnsupportedOperationException(method.getName());
            });
    }

    private static List<String> listening(List<VrrpInstance> running, boolean configured) {
        return BalancerComponent.wanted(OPTIONS, running, configured).stream()
            .map(s -> s.address().getAddress().getHostAddress() + ":" + s.address().getPort()
                + (s.freeBind() ? " freebind" : ""))
            .toList();
    }

    @Test
    void aNodeWithoutVrrpInstancesListensOnTheStandaloneAddresses() {
        assertThat(listening(List.of(), false)).containsExactly("0.0.0.0:9090", "0.0.0.0:2121");
    }

    @Test
    void aNodeListensOnTheVipsOfTheInstancesItIsMasterOfOnly() throws Exception {
        List<VrrpInstance> running = List.of(instance(VrrpState.MASTER, "10.0.0.51"),
            instance(VrrpState.BACKUP, "10.0.0.52"));
        assertThat(listening(running, true)).containsExactly("10.0.0.51:9090 freebind", "10.0.0.51:2121 freebind");
        assertThat(listening(List.of(instance(VrrpState.BACKUP, "10.0.0.51")), true)).isEmpty();
    }

    @Test
    void aNodeWhoseConfiguredInstancesDoNotRunYetListensNowhere() {
        // the instance services come after the balancer at boot, and go with vireo-vrrp: a backup listening on
        // every address meanwhile was seen in BalancerLabIT
        assertThat(listening(List.of(), true)).isEmpty();
    }
}
