package org.vireo.vrrp.internal.fsm;

import java.net.InetAddress;

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

    /**
     * Another router advertises as Master while this one is (a split brain: their adverts had not reached one of
     * them). Reported once, when the first of its adverts comes.
     *
     * @param peer         its address
     * @param peerPriority the priority it advertised
     */
    record SplitBrainDetected(InetAddress peer, int peerPriority) implements FsmAction {
    }

    /**
     * The split brain is over: the other router has been silent for Master_Down_Interval ({@code stillMaster}: this
     * one kept mastership, and its addresses are to be announced again, as the switches may have learnt the other's
     * port for them), or this router left Master itself.
     */
    record SplitBrainEnded(InetAddress peer, boolean stillMaster) implements FsmAction {
    }

    /** Arm the timer to fire after the delay, replacing any deadline it already had. */
    record StartTimer(Timer timer, long delayMicros) implements FsmAction {
    }

    /** Disarm the timer; a TimerFired that was already queued for it is ignored by the state machine. */
    record CancelTimer(Timer timer) implements FsmAction {
    }
}
