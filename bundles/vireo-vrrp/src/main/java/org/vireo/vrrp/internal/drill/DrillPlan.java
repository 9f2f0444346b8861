package org.vireo.vrrp.internal.drill;

import java.time.Duration;

/**
 * When a drill does what, from the probe's start: the probe runs alone for {@link #LEAD} (what the VIP answers
 * normally), then the master resigns; the backup takes over within its Master_Down_Interval at the latest (Skew_Time
 * after a priority-0 advert, RFC 5798 6.4.2), watched for {@link #settle} ; with a return, the hold then ends and the
 * master preempts, watched as long again; then the probe runs on for {@link #TAIL}.
 *
 * @param advert     the instance's advert interval
 * @param interval   between two probe attempts
 * @param timeout    the longest an attempt may take
 * @param returning  whether the VIP comes back within the drill
 */
record DrillPlan(Duration advert, Duration interval, Duration timeout, boolean returning) {

    static final Duration LEAD = Duration.ofSeconds(1);
    static final Duration TAIL = Duration.ofSeconds(1);
    static final Duration DEFAULT_INTERVAL = Duration.ofMillis(10);
    static final Duration DEFAULT_TIMEOUT = Duration.ofMillis(200);

    /**
     * How long each handover is watched: a backup's Master_Down_Interval at the lowest priority (3 adverts and a
     * skew of almost one), then a second for its GARP to reach the clients and the probe's attempts to settle.
     */
    Duration settle() {
        return advert.multipliedBy(4).plusSeconds(1);
    }

    /** When the master resigns. */
    Duration resignAt() {
        return LEAD;
    }

    /** When the hold ends, so that the master takes the VIP back (with a return). */
    Duration returnAt() {
        return LEAD.plus(settle());
    }

    /** How long the probe runs. */
    Duration probeDuration() {
        return LEAD.plus(settle()).plus(returning ? settle() : Duration.ZERO).plus(TAIL);
    }

    /**
     * Skew_Time of a backup of {@code priority} (RFC 5798 6.1: ((256 - Priority) * Master_Adver_Interval) / 256): how
     * long after the master's priority-0 advert it takes over, the graceful handover's whole cost in VRRP.
     */
    static Duration skewTime(int priority, Duration advert) {
        return Duration.ofNanos((256 - priority) * advert.toNanos() / 256);
    }

    /**
     * What the new master takes after its Skew_Time to be reachable at the VIP: its timer's wake-up, its first advert,
     * the VIP on its interface and its gratuitous ARP (5-10 ms in the lab: VrrpDrillLabIT, the failover bench).
     */
    static final Duration ANNOUNCEMENT = Duration.ofMillis(15);

    /**
     * The outage a probe may measure for a graceful handover: Skew_Time, the new master's {@link #ANNOUNCEMENT}, and
     * one probe interval at each end (a probe sees a gap only to its nearest attempts).
     */
    Duration bound(int takerPriority) {
        return skewTime(takerPriority, advert).plus(ANNOUNCEMENT).plus(interval.multipliedBy(2));
    }
}
