package org.vireo.vrrp;

import java.util.Map;

/**
 * What an instance has sent, received and dropped since it started, and how often it entered each state
 * ({@code transitions}, by the state entered: a flapping instance shows there before anyone reads its log).
 */
public record VrrpCounters(long advertsSent, long advertsReceived, long priorityZeroReceived, long becameMaster,
                           long addressListMismatches, Map<DropReason, Long> drops,
                           Map<VrrpState, Long> transitions) {

    public VrrpCounters {
        drops = Map.copyOf(drops);
        transitions = Map.copyOf(transitions);
    }

    /** Counters of an instance that has not changed state (or does not count its transitions). */
    public VrrpCounters(long advertsSent, long advertsReceived, long priorityZeroReceived, long becameMaster,
                        long addressListMismatches, Map<DropReason, Long> drops) {
        this(advertsSent, advertsReceived, priorityZeroReceived, becameMaster, addressListMismatches, drops,
            Map.of());
    }

    /** Received packets dropped for any reason. */
    public long dropped() {
        return drops.values().stream().mapToLong(Long::longValue).sum();
    }

    /** How often the instance entered this state. */
    public long transitionsTo(VrrpState state) {
        return transitions.getOrDefault(state, 0L);
    }
}
