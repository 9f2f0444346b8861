package org.vireo.vrrp.internal.fsm.sim;

import java.util.List;

/** Something the fault schedule does to the cluster; every fault restarts the stability clock. */
public sealed interface Fault {

    /** Start the process (a fresh state machine) if it is down, or re-enable it after a graceful shutdown. */
    record Start(int node) implements Fault {
    }

    /** The process dies: no priority-0 advert, its timers vanish, the VIP goes with it. */
    record Crash(int node) implements Fault {
    }

    /** The operator stops the router: Shutdown, so a Master sends a priority-0 advert. */
    record GracefulShutdown(int node) implements Fault {
    }

    /** Tracking changes the effective priority; remembered across crashes like the tracked state itself. */
    record PriorityChange(int node, int priority) implements Fault {
    }

    record LinkDown(int node) implements Fault {
    }

    record LinkUp(int node) implements Fault {
    }

    /** Nodes hear each other only within the same group. */
    record Partition(List<Integer> groupOfNode) implements Fault {
    }

    record Heal() implements Fault {
    }

    /** From now on each copy of each packet is lost with this probability. */
    record LossStart(double probability) implements Fault {
    }

    record LossEnd() implements Fault {
    }
}
