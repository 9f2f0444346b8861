package org.vireo.vrrp;

import java.util.Map;

/** What an instance has sent, received and dropped since it started. */
public record VrrpCounters(long advertsSent, long advertsReceived, long priorityZeroReceived, long becameMaster,
                           long addressListMismatches, Map<DropReason, Long> drops) {

    public VrrpCounters {
        drops = Map.copyOf(drops);
    }

    /** Received packets dropped for any reason. */
    public long dropped() {
        return drops.values().stream().mapToLong(Long::longValue).sum();
    }
}
