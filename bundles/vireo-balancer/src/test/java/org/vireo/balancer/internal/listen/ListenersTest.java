package org.vireo.balancer.internal.listen;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.vireo.balancer.BalancerStatus;
import org.vireo.balancer.internal.forward.Backends;
import org.vireo.balancer.internal.forward.Forwarder;
import org.vireo.balancer.internal.forward.Route;

/** Listening sockets made to match what is wanted, with real binds on loopback. */
class ListenersTest {

    private final Backends none = new Backends() {
        @Override
        public java.util.Optional<Backend> pick(String client, Set<String> excluded) {
            return java.util.Optional.empty();
        }

        @Override
        public void opened(String id) {
        }

        @Override
        public void closed(String id) {
        }

        @Override
        public void failed(String id, Throwable cause) {
        }
    };
    private final Forwarder forwarder = new Forwarder(none, new Forwarder.Settings(1000, 1000, 1, 1));
    private final Listeners listeners = new Listeners(s -> forwarder.open(s.address(), s.route(), s.freeBind()));

    @AfterEach
    void close() {
        listeners.close();
        forwarder.close();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }

    private static Listeners.Spec spec(String host, int port) throws IOException {
        return new Listeners.Spec(new InetSocketAddress(InetAddress.getByName(host), port), Route.HTTP, false);
    }

    private static boolean accepts(String host, int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void aPortInUseIsReportedWithTheReasonAndBoundOnceItIsFree() throws Exception {
        int port = freePort();
        Listeners.Spec spec = spec("127.0.0.1", port);
        try (ServerSocket taken = new ServerSocket(port, 10, InetAddress.getByName("127.0.0.1"))) {
            listeners.reconcile(Set.of(spec));
            BalancerStatus.Listener l = listeners.status().get(0);
            assertThat(l.bound()).isFalse();
            assertThat(l.problem()).startsWith("cannot listen on 127.0.0.1:" + port + " (http): ")
                .contains("Address already in use").contains("another program or listener has the port");
        }
        listeners.reconcile(Set.of(spec)); // the next round retries
        assertThat(listeners.status()).containsExactly(new BalancerStatus.Listener("127.0.0.1:" + port, "http", true,
            ""));
        assertThat(accepts("127.0.0.1", port)).isTrue();
    }

    @Test
    void theWildcardGoesBeforeAnAddressOnTheSamePortBindsAndWhatIsNoLongerWantedCloses() throws Exception {
        int port = freePort();
        listeners.reconcile(Set.of(spec("0.0.0.0", port)));
        assertThat(accepts("127.0.0.2", port)).isTrue();

        listeners.reconcile(Set.of(spec("127.0.0.3", port)));
        assertThat(listeners.status()).extracting(BalancerStatus.Listener::bound).containsExactly(true);
        assertThat(accepts("127.0.0.3", port)).isTrue();
        assertThat(accepts("127.0.0.2", port)).as("the wildcard is closed").isFalse();

        listeners.reconcile(Set.of());
        assertThat(listeners.status()).isEmpty();
        assertThat(accepts("127.0.0.3", port)).isFalse();
    }

    @Test
    void anAddressThatIsNotLocalBindsWithFreeBindOnly() throws Exception {
        int port = freePort();
        // TEST-NET-1: on no interface of this machine
        Listeners.Spec plain = spec("192.0.2.77", port);
        Listeners.Spec free = new Listeners.Spec(plain.address(), Route.HTTP, true);

        listeners.reconcile(Set.of(plain));
        assertThat(listeners.status().get(0).problem()).contains("Cannot assign requested address")
            .contains("not on any interface");

        listeners.reconcile(Set.of(free));
        assertThat(listeners.boundAddresses()).containsEntry(free, new InetSocketAddress("192.0.2.77", port));
        assertThat(Map.copyOf(listeners.boundAddresses())).hasSize(1);
    }

    @Test
    void aLinkLocalVipBindsScopedToItsLinkAndIsShownInRfc5952Form() throws Exception {
        int port = freePort();
        InetAddress vip = InetAddress.getByName("fe80::53"); // on no interface: free bind, as a VIP being claimed
        Listeners.Spec unscoped = new Listeners.Spec(new InetSocketAddress(vip, port), Route.HTTP, true);
        Listeners.Spec scoped = new Listeners.Spec(new InetSocketAddress(LinkScope.on(vip, "lo"), port), Route.HTTP,
            true);

        listeners.reconcile(Set.of(unscoped));
        assertThat(listeners.status().get(0).bound()).as("the kernel wants a link for fe80::").isFalse();

        listeners.reconcile(Set.of(scoped));
        assertThat(listeners.status()).containsExactly(new BalancerStatus.Listener("[fe80::53%lo]:" + port, "http",
            true, ""));
    }

    @Test
    void onlyUnscopedLinkLocalAddressesAreScoped() throws Exception {
        InetAddress global = InetAddress.getByName("fd77::53");
        InetAddress v4 = InetAddress.getByName("169.254.0.53");

        assertThat(LinkScope.on(global, "lo")).isSameAs(global);
        assertThat(LinkScope.on(v4, "lo")).isSameAs(v4);
        assertThat(((java.net.Inet6Address) LinkScope.on(InetAddress.getByName("fe80::53"), "lo")).getScopeId())
            .isEqualTo(java.net.NetworkInterface.getByName("lo").getIndex());
        assertThat(LinkScope.on(InetAddress.getByName("fe80::53"), "nosuch0")).isEqualTo(
            InetAddress.getByName("fe80::53"));
        assertThat(LinkScope.text(InetAddress.getByName("fd77:0:0:0:0:0:0:53"))).isEqualTo("fd77::53");
    }
}
