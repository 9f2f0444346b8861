package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.NodeRegistry;

class NodeAddressesTest {

    private final NodeAddresses addresses = new NodeAddresses();
    private final FakeRegistry registry = new FakeRegistry();

    @AfterEach
    void stop() {
        addresses.deactivate();
    }

    @Test
    void theInterfacesAddressesAreThisNodesOwn() throws Exception {
        addresses.activate();

        assertThat(addresses.current().own()).contains(InetAddress.getByName("127.0.0.1"));
    }

    @Test
    void everyNodesVirtualAddressesAndEveryMembersAddressComeFromTheRegistry() throws Exception {
        addresses.activate();
        registry.nodes = List.of(node("n1", "10.77.0.11", List.of("10.77.0.1")),
            node("n2", "node2.example", List.of("10.77.0.2", "2001:db8::2")));

        addresses.bindRegistry(registry);

        assertThat(addresses.current().virtual()).containsExactlyInAnyOrder(InetAddress.getByName("10.77.0.1"),
            InetAddress.getByName("10.77.0.2"), InetAddress.getByName("2001:db8::2"));
        assertThat(addresses.current().members()).containsExactly(InetAddress.getByName("10.77.0.11"));
    }

    @Test
    void aVipAnnouncedLaterIsKnownAtOnceAndStaysWhenTheRegistryGoes() throws Exception {
        addresses.activate();
        addresses.bindRegistry(registry);

        registry.report(List.of(node("n3", "10.77.0.13", List.of("10.77.0.3"))));
        addresses.unbindRegistry(registry);

        assertThat(registry.listeners).isEmpty();
        assertThat(addresses.current().virtual()).containsExactly(InetAddress.getByName("10.77.0.3"));
    }

    private static ClusterNode node(String name, String address, List<String> vips) {
        return new ClusterNode(name, "backup", address, "0.3.0", Map.of(), Optional.empty(), Instant.EPOCH, false,
            false, 0, Map.of(), vips);
    }

    /** The registry as the proxy sees it: a list of nodes and watchers told of every change. */
    private static final class FakeRegistry implements NodeRegistry {

        List<ClusterNode> nodes = List.of();
        final List<Consumer<List<ClusterNode>>> listeners = new ArrayList<>();

        void report(List<ClusterNode> next) {
            nodes = next;
            listeners.forEach(l -> l.accept(next));
        }

        @Override
        public List<ClusterNode> nodes() {
            return nodes;
        }

        @Override
        public Optional<ClusterNode> node(String name) {
            return nodes.stream().filter(n -> n.name().equals(name)).findFirst();
        }

        @Override
        public AutoCloseable watch(Consumer<List<ClusterNode>> listener) {
            listeners.add(listener);
            return () -> listeners.remove(listener);
        }
    }
}
