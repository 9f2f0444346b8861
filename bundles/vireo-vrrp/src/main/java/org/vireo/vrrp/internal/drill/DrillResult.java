package org.vireo.vrrp.internal.drill;

import java.util.List;

/**
 * A drill's outcome, as {@code vrrp:drill} prints it and {@code /api/v1/vrrp/<name>/drills} serves it. Times are
 * ISO-8601 instants (the node's clock, or the new master's for its timeline); spans in milliseconds.
 *
 * @param id          this node's drill number
 * @param instance    the VRRP instance
 * @param started     when the probe was asked for
 * @param probeMember the member that probed the VIP
 * @param target      what it probed
 * @param intervalMillis between two probe attempts
 * @param takeover    what the probe saw of the handover to the backup
 * @param returned    what it saw of the VIP's return; null without one
 * @param timeline    VRRP's own account of the handover
 * @param skewTimeMillis the taker's Skew_Time; -1 when its priority is not known
 * @param boundMillis the outage expected at most ({@link DrillPlan#bound}); -1 likewise
 * @param withinBound whether the takeover's outage is within it
 * @param error       why the drill did not complete; null when it did
 * @param notes       what the figures need said with them
 */
public record DrillResult(int id, String instance, String started, String probeMember, String target,
                          long intervalMillis, Phase takeover, Phase returned, Timeline timeline,
                          double skewTimeMillis, double boundMillis, boolean withinBound, String error,
                          List<String> notes) {

    public DrillResult {
        notes = List.copyOf(notes);
    }

    /**
     * One handover as the probe saw it.
     *
     * @param outageMillis   the longest span between the starts of two answered attempts in turn
     * @param failedAttempts the attempts that got no answer
     * @param attempts       the attempts made in this phase
     * @param gapStartMillis when that span began, from the probe's start
     */
    public record Phase(double outageMillis, long failedAttempts, long attempts, double gapStartMillis) {
    }

    /**
     * The handover in VRRP, as the new master recorded it (its clock).
     *
     * @param newMaster          its address
     * @param newMasterNode      its node name; null when no member reported it master
     * @param newMasterPriority  the priority it took over with; -1 when not known
     * @param resignedAt         when this node resigned (its priority-0 advert)
     * @param lastAdvertHeard    when the new master heard this node's last advert; null when not known
     * @param vipsAnnounced      when its VIPs were on its interface and its first gratuitous ARPs (unsolicited NAs)
     *                           sent: the claim that its first advert waits for; null when not known
     * @param firstAdvertSent    when it sent its first advert as master; null when not known
     * @param advertGapMillis    from the one to the other; -1 when not known
     */
    public record Timeline(String newMaster, String newMasterNode, int newMasterPriority, String resignedAt,
                           String lastAdvertHeard, String vipsAnnounced, String firstAdvertSent,
                           double advertGapMillis) {
    }
}
