package org.vireo.vrrp.internal.rest;

import java.net.InetAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.VrrpCounters;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;

/**
 * One VRRP instance as {@code GET /api/v1/vrrp} shows it: what {@code vrrp:show} shows, as a stable JSON shape
 * (absent values are null, times ISO-8601 UTC, drop reasons by their {@link DropReason} names in lower case).
 */
public record VrrpView(String name, int vrid, String interfaceName, int version, String state, String stateSince,
                       String fault, boolean refused, Priority priority, String primaryAddress, String masterAddress,
                       long advertIntervalMillis, boolean preempt, List<String> virtualAddresses, boolean virtualMac,
                       String waitingFor, List<String> warnings, Counters counters) {

    /** The priority it was configured with, the one it advertises, and the operator's override if set. */
    public record Priority(int base, int effective, Integer override) {
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
            i.stateSince().toString(), i.fault().orElse(null), i.refused(),
            new Priority(i.basePriority(), i.effectivePriority(), i.priorityOverride().orElse(null)),
            i.primaryAddress().map(InetAddress::getHostAddress).orElse(null),
            i.masterAddress().map(InetAddress::getHostAddress).orElse(null), i.advertInterval().toMillis(),
            i.preempt(), i.virtualAddresses().stream().map(InetAddress::getHostAddress).toList(), i.virtualMac(),
            i.waitingFor().orElse(null), List.copyOf(i.warnings()), Counters.of(i.counters()));
    }
}
