package org.vireo.vrrp.internal.fsm;

/**
 * The two timers of RFC 5798 section 6.2, and the bound on a new Master's claim of its addresses; the caller owns
 * them and reports expiry with TimerFired.
 */
public enum Timer {
    /** Adver_Timer: runs while Master, paces advertisements. */
    ADVER,
    /** Master_Down_Timer: runs while Backup, declares the Master dead when it fires. */
    MASTER_DOWN,
    /** Runs while a new Master waits for its addresses to be claimed: no advert before they are (or it gives up). */
    CLAIM,
    /**
     * Runs while a Master hears another router advertise as Master (a split brain): when it fires, the other has
     * been silent for Master_Down_Interval and the split brain is over.
     */
    SPLIT_BRAIN
}
