package org.vireo.vrrp.internal.fsm;

/**
 * What the caller must do in response to an event, in list order. Instances are immutable and may be shared
 * between calls; compare them with equals, not identity.
 */
public sealed interface FsmAction {

    /** Multicast an advertisement with these fields. */
    record SendAdvert(int priority, int maxAdverIntervalCentis) implements FsmAction {
    }

    /**
     * Claim the virtual addresses and announce them (gratuitous ARP for IPv4, unsolicited NA for IPv6), then report
     * {@link FsmEvent.AddressesClaimed} (or {@link FsmEvent.ClaimFailed}): the new Master sends its first advert
     * only then, so no peer gives the addresses up to a node that does not hold them yet.
     *
     * @param acceptMode whether to accept packets addressed to the virtual addresses when not their owner
     */
    record BecomeMaster(boolean acceptMode) implements FsmAction {
    }

    /** Release the virtual addresses if held; the router now listens for a Master. */
    record BecomeBackup() implements FsmAction {
    }

    /** Release the virtual addresses if held; the router is stopped. */
    record BecomeInitialize() implements FsmAction {
    }

    /** Arm the timer to fire after the delay, replacing any deadline it already had. */
    record StartTimer(Timer timer, long delayMicros) implements FsmAction {
    }

    /** Disarm the timer; a TimerFired that was already queued for it is ignored by the state machine. */
    record CancelTimer(Timer timer) implements FsmAction {
    }
}
