package org.vireo.vrrp.internal.instance;

import java.util.Optional;

/**
 * Health tracking lowers an instance's priority so that a backup takes over; without preemption nobody does that
 * for this node, so the operator is told (log and {@code vrrp:show}).
 */
final class TrackingWarning {

    private TrackingWarning() {
    }

    /** The warning for an instance tracked in {@code mode} ("NONE": untracked) with preemption {@code preempt}. */
    static Optional<String> of(String mode, boolean preempt) {
        if (preempt || mode == null || mode.equalsIgnoreCase("NONE")) {
            return Optional.empty();
        }
        return Optional.of("health tracking (mode " + mode + ") with preempt off: this node does not take over from"
            + " a master whose priority drops, and a drop of its own priority moves its VIPs only to backups that"
            + " preempt");
    }
}
