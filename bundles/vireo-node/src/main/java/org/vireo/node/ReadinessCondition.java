package org.vireo.node;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Whiteboard: one thing this node needs before it can serve clients, contributed by the bundle that knows it (the
 * role's features started, the balancer armed, the VIP announcer prepared). A VRRP backup of higher priority does not
 * take the virtual addresses from a live master while any condition waits (see docs/vrrp.md, "Readiness"): a node
 * still booting would take them before it can hold them. Registered when its bundle starts, waiting until it is ready.
 * Asked from any thread, often: answer from memory.
 */
@FunctionalInterface
public interface ReadinessCondition {

    /** Empty when ready; else what is awaited, in words an operator understands ("balancer: no configuration accepted"). */
    Optional<String> waitingFor();

    /**
     * What {@code conditions} wait for now, in their order; empty when all are ready. A condition that fails to answer
     * counts as waiting, named by its failure: a broken bundle must not make the node look ready.
     */
    static List<String> allWaitingFor(Collection<? extends ReadinessCondition> conditions) {
        List<String> waiting = new ArrayList<>();
        for (ReadinessCondition condition : conditions) {
            try {
                condition.waitingFor().ifPresent(waiting::add);
            } catch (RuntimeException e) {
                waiting.add("a readiness condition failed (" + e + ")");
            }
        }
        return waiting;
    }
}
