package org.vireo.vrrp.internal.fsm;

/** The two timers of RFC 5798 section 6.2; the caller owns them and reports expiry with TimerFired. */
public enum Timer {
    /** Adver_Timer: runs while Master, paces advertisements. */
    ADVER,
    /** Master_Down_Timer: runs while Backup, declares the Master dead when it fires. */
    MASTER_DOWN
}
