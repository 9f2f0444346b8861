package org.vireo.vrrp.internal.instance;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.vireo.vrrp.PriorityDeduction;

/**
 * The operator's part of an instance's effective priority, as deductions that follow health tracking's: the
 * override takes the tracked priority's place (its amount is what it takes off the tracked priority, negative when
 * it raises it), a resignation takes what is left. So the base minus every amount, tracking's included, is the
 * effective priority the driver advertises. Pure.
 */
final class OperatorDeductions {

    static final String OPERATOR = "operator";

    /** The operator's override and when it was set. */
    record Override(int priority, Instant since) {
    }

    /** A resignation in its hold-off, and when the operator asked for it. */
    record Resignation(Duration holdOff, Instant since) {
    }

    private OperatorDeductions() {
    }

    /** @param trackedPriority the base, or what health tracking made of it */
    static List<PriorityDeduction> of(int trackedPriority, Optional<Override> override,
                                      Optional<Resignation> resignation) {
        List<PriorityDeduction> out = new ArrayList<>(2);
        override.ifPresent(o -> out.add(new PriorityDeduction(PriorityDeduction.Kind.OVERRIDE, OPERATOR,
            "override " + o.priority(), trackedPriority - o.priority(), o.priority() == 0, Optional.of(o.since()))));
        int left = override.map(Override::priority).orElse(trackedPriority);
        resignation.ifPresent(r -> out.add(new PriorityDeduction(PriorityDeduction.Kind.RESIGNATION, OPERATOR,
            "resigned for " + r.holdOff().toSeconds() + " s", left, true, Optional.of(r.since()))));
        return List.copyOf(out);
    }
}
