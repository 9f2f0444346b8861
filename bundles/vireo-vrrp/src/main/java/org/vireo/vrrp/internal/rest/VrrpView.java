package org.vireo.vrrp.internal.rest;

import java.net.InetAddress;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.vireo.config.AddressText;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.PriorityDeduction;
import org.vireo.vrrp.VrrpCounters;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.VrrpTakeover;
import org.vireo.vrrp.VrrpTransition;

/**
 * One VRRP instance as {@code GET /api/v1/vrrp} shows it: what {@code vrrp:show} shows, as a stable JSON shape
 * (absent values are null, times ISO-8601 UTC, drop reasons by their {@link DropReason} names in lower case).
 */
public record VrrpView(String name, int vrid, String interfaceName, int version, String state, String stateSince,
                       Transition lastTransition, Takeover lastTakeover, String fault, boolean refused, Priority priority, String primaryAddress, String masterAddress,
                       long advertIntervalMillis, boolean preempt, List<String> virtualAddresses, boolean virtualMac,
                       String syncGroup, String waitingFor, List<String> warnings, Counters counters) {

    /**
     * The priority it was configured with, the one it advertises, the operator's override if set, and why the two
     * differ: {@code base} minus every deduction's {@code amount} is {@code effective}.
     */
    public record Priority(int base, int effective, Integer override, List<Deduction> deductions) {

        static Priority of(VrrpInstance i) {
            return new Priority(i.basePriority(), i.effectivePriority(), i.priorityOverride().orElse(null),
                i.priorityDeductions().stream().map(Deduction::of).toList());
        }
    }

    /**
     * One reason for the difference ({@link PriorityDeduction}): {@code kind} in lower case ({@code monitor},
     * {@code interface}, {@code configuration}, {@code tracking}, {@code override}, {@code resignation}); {@code
     * since} null when not known.
     */
    public record Deduction(String kind, String name, String detail, int amount, boolean toZero, String since) {

        static Deduction of(PriorityDeduction d) {
            return new Deduction(d.kind().name().toLowerCase(Locale.ROOT), d.name(), d.detail(), d.amount(),
                d.toZero(), d.since().map(Instant::toString).orElse(null));
        }
    }

    /** The last change of state ({@link VrrpTransition}); {@code peer} null when none. */
    public record Transition(String from, String to, String at, String cause, String peer) {

        static Transition of(VrrpTransition t) {
            return new Transition(t.from().name(), t.to().name(), t.at().toString(), t.cause(),
                t.peer().map(AddressText::of).orElse(null));
        }
    }

    /** This node's last takeover ({@link VrrpTakeover}); the fields null when no advert was heard before it. */
    public record Takeover(String previousMaster, String lastAdvertHeard, String firstAdvertSent, Double gapMillis) {

        static Takeover of(VrrpTakeover t) {
            return new Takeover(t.previousMaster().map(AddressText::of).orElse(null),
                t.lastAdvertHeard().map(Instant::toString).orElse(null), t.firstAdvertSent().toString(),
                t.gap().map(g -> g.toNanos() / 1e6).orElse(null));
        }
    }

    /**
     * Its counters since it started; {@code drops} has every reason and {@code transitions} every state entered,
     * zeros included.
     */
    public record Counters(long advertsSent, long advertsReceived, long priorityZeroReceived, long becameMaster,
                           long addressListMismatches, long dropped, Map<String, Long> drops,
                           Map<String, Long> transitions) {

        static Counters of(VrrpCounters c) {
            Map<String, Long> drops = new LinkedHashMap<>();
            for (DropReason reason : DropReason.values()) {
                drops.put(reason.name().toLowerCase(Locale.ROOT), c.drops().getOrDefault(reason, 0L));
            }
            Map<String, Long> transitions = new LinkedHashMap<>();
            for (VrrpState state : VrrpState.values()) {
                transitions.put(state.name().toLowerCase(Locale.ROOT), c.transitionsTo(state));
            }
            return new Counters(c.advertsSent(), c.advertsReceived(), c.priorityZeroReceived(), c.becameMaster(),
                c.addressListMismatches(), c.dropped(), drops, transitions);
        }
    }

    public static VrrpView of(VrrpInstance i) {
        return new VrrpView(i.name(), i.vrid(), i.interfaceName(), i.version(), i.state().name(),
            i.stateSince().toString(), i.lastTransition().map(Transition::of).orElse(null),
            i.lastTakeover().map(Takeover::of).orElse(null), i.fault().orElse(null),
            i.refused(), Priority.of(i),
            i.primaryAddress().map(AddressText::of).orElse(null),
            i.masterAddress().map(AddressText::of).orElse(null), i.advertInterval().toMillis(),
            i.preempt(), i.virtualAddresses().stream().map(AddressText::of).toList(), i.virtualMac(),
            i.syncGroup().orElse(null), i.waitingFor().orElse(null), List.copyOf(i.warnings()), Counters.of(i.counters()));
    }
}
