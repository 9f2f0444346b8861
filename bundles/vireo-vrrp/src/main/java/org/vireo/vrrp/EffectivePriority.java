package org.vireo.vrrp;

import java.util.List;
import java.util.Optional;
import java.util.function.IntConsumer;

/**
 * Health tracking's view of an instance's priority (bundle vireo-health): registered with the service
 * property {@value VrrpInstance#NAME_PROPERTY} naming the instance it is for.
 */
public interface EffectivePriority {

    /** The priority the instance should use now, from its base priority; 0 = not eligible. */
    int effectivePriority(int basePriority);

    /** Calls {@code changed} with the new value whenever it changes; returns a handle that stops it. */
    AutoCloseable watch(int basePriority, IntConsumer changed);

    /**
     * How the priority is derived ({@code NONE}: it is the base priority), for the operator; any other mode on an
     * instance with preempt off is warned about, as a lowered priority then moves no VIP from this node.
     */
    default String mode() {
        return "NONE";
    }

    /**
     * Why the priority for {@code basePriority} is what it is now, in words for the operator and the event log
     * ({@code "ALL: monitor web down"}).
     */
    default String reason(int basePriority) {
        return mode();
    }

    /**
     * What the tracking takes off {@code basePriority} now, item by item (a monitor, an interface); their amounts add
     * up to {@code basePriority - effectivePriority(basePriority)}. By default the whole difference as one {@link
     * PriorityDeduction.Kind#TRACKING} item with {@link #reason}.
     */
    default List<PriorityDeduction> deductions(int basePriority) {
        int taken = basePriority - effectivePriority(basePriority);
        if (taken == 0) {
            return List.of();
        }
        return List.of(new PriorityDeduction(PriorityDeduction.Kind.TRACKING, mode(), reason(basePriority), taken,
            taken == basePriority, Optional.empty()));
    }
}
