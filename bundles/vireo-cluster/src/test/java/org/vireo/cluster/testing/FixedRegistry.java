package org.vireo.cluster.testing;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.NodeRegistry;

/**
 * A node registry that holds the list it is given (a mutable list, changed by the test, is what it answers next) and
 * tells no watcher: for the tests of the components that read the registry (this module's test-jar).
 */
public record FixedRegistry(List<ClusterNode> nodes) implements NodeRegistry {

    @Override
    public Optional<ClusterNode> node(String name) {
        return nodes.stream().filter(n -> n.name().equals(name)).findFirst();
    }

    @Override
    public AutoCloseable watch(Consumer<List<ClusterNode>> listener) {
        return () -> { };
    }
}
