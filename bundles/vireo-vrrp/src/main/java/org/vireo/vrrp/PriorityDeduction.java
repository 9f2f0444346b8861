package org.vireo.vrrp;

import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * One reason an instance's effective priority differs from its base priority, with what it takes off now: the
 * operator sees which monitor or interface costs how much (issue 20), not only the sum. The deductions of an
 * instance, in {@link VrrpInstance#priorityDeductions()} order, add up: the base minus every {@code amount} is the
 * effective priority.
 *
 * @param kind   what it is
 * @param name   the monitor's or interface's name; {@code operator} for an override or resignation; the tracking
 *               mode for {@link Kind#TRACKING}
 * @param detail its state in words: {@code down}, {@code unknown (no check finished yet)}, {@code missing (not
 *               configured on this node)}, {@code down (weight 20)}, {@code override 150}, {@code resigned for 600 s}
 * @param amount the points it takes off now; 0 when it counts but takes nothing (mode ONE with another monitor up,
 *               an interface whose weight finds the priority at 0 already); negative for an override above the
 *               tracked priority (it raises it)
 * @param toZero it makes the instance not eligible (priority 0) rather than lowering it: a monitor down in mode ALL,
 *               the last monitor up gone in ONE or PROGRESSIVE, an override of 0, a resignation
 * @param since  since when it holds, if known (a monitor's verdict, an interface seen down, the operator's command)
 */
public record PriorityDeduction(Kind kind, String name, String detail, int amount, boolean toZero,
                                Optional<Instant> since) {

    /** What a deduction is. */
    public enum Kind {
        /** A tracked monitor that is down, unknown or missing (health tracking). */
        MONITOR,
        /** A tracked interface that is down; it takes off its weight. */
        INTERFACE,
        /** The tracked group's configuration is refused: it holds the instance at 0 until a good one comes. */
        CONFIGURATION,
        /** Health tracking that does not say which of its parts costs what: the whole difference, with its reason. */
        TRACKING,
        /** The operator's override ({@code vrrp:priority}), in place of the tracked priority. */
        OVERRIDE,
        /** The operator's resignation ({@code vrrp:resign}): priority 0 for its hold-off. */
        RESIGNATION,
        /**
         * Its sync group (named): another member cannot be master now (0), or is lowered (in proportion); it
         * applies after the instance's own deductions.
         */
        SYNC_GROUP
    }

    public PriorityDeduction {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(detail, "detail");
        Objects.requireNonNull(since, "since");
    }
}
