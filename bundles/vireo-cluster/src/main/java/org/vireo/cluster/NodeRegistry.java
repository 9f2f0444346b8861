package org.vireo.cluster;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Who is in the cluster, in which role, with which VRRP states and load: every node reports itself every second
 * over the cluster; a node that stops reporting is marked stale once its last report is older than the stale limit (2.5 s by default; the check runs ten times a second).
 */
public interface NodeRegistry {

    /** Every node seen since this node started (stale ones included, marked), this node too; ordered by name. */
    List<ClusterNode> nodes();

    /** One node by name. */
    Optional<ClusterNode> node(String name);

    /**
     * Calls {@code listener} with the whole list whenever a node reports a change, appears or turns stale (on the
     * thread that delivered the report or ran the check: keep it short) until the handle is closed.
     */
    AutoCloseable watch(Consumer<List<ClusterNode>> listener);
}
