package org.vireo.vrrp.internal.fsm;

/**
 * Decides whether a Backup takes an advert as coming from the legitimate Master (RFC 5798 6.4.2), including
 * the preempt delay, which the RFC does not have.
 *
 * <p>Preempt delay follows keepalived: the delay starts at the first lower-priority advert this Backup
 * receives, and is forgotten when an advert of priority at least ours arrives (a legitimate Master exists) or
 * when the router leaves Backup. While the delay runs, lower-priority adverts are accepted as if preempt were
 * off; once it has run out they are discarded, so the Master_Down_Timer fires and the Backup takes over one
 * Master_Down_Interval after the last advert it accepted. Measuring from "first saw a lower Master" rather than
 * from startup also delays a long-running Backup whose priority rises above the Master's.
 */
final class PreemptGate {
    private final boolean preempt;
    private final long delayMicros;
    private boolean ready = true;
    private boolean holding;
    private long holdUntilMicros;

    PreemptGate(boolean preempt, long delayMicros) {
        this.preempt = preempt;
        this.delayMicros = delayMicros;
    }

    boolean acceptsAsMaster(int advertPriority, int localPriority, long nowMicros) {
        if (advertPriority >= localPriority) {
            holding = false;
            return true;
        }
        if (localPriority == FsmConfig.OWNER_PRIORITY) {
            return false; // the address owner always preempts (RFC 5798 6.1), delay or not
        }
        if (!preempt || !ready) {
            return true; // not ready to serve: a live Master keeps the addresses until we are (ReadinessChanged)
        }
        if (delayMicros == 0) {
            return false;
        }
        if (!holding) {
            holding = true;
            holdUntilMicros = nowMicros + delayMicros;
        }
        return nowMicros < holdUntilMicros;
    }

    void ready(boolean value) {
        ready = value;
    }

    boolean ready() {
        return ready;
    }

    void reset() {
        holding = false;
    }
}
