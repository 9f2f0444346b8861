package org.vireo.vrrp.internal.fsm;

import java.net.InetAddress;

/** What can happen to a virtual router; fed to {@link VrrpStateMachine#handle}. */
public sealed interface FsmEvent {

    /** The virtual router is enabled (administratively started). */
    record Startup() implements FsmEvent {
    }

    /** The virtual router is disabled; a Master announces it with a priority-0 advert. */
    record Shutdown() implements FsmEvent {
    }

    /**
     * An advertisement for this VRID that the codec has already validated (version, TTL, checksum, and for V2
     * that the interval equals ours).
     *
     * @param priority               0..255; 0 means the sender is leaving the Master role
     * @param maxAdverIntervalCentis the sender's interval in centiseconds (V2 seconds converted: 100..25500)
     * @param sender                 the sender's primary address (IP source)
     */
    record AdvertReceived(int priority, int maxAdverIntervalCentis, InetAddress sender) implements FsmEvent {
        public AdvertReceived {
            if (priority < 0 || priority > 255) {
                throw new IllegalArgumentException("priority = " + priority + "; accepted: 0..255");
            }
            if (maxAdverIntervalCentis < 1 || maxAdverIntervalCentis > 25_500) {
                throw new IllegalArgumentException("maxAdverIntervalCentis = " + maxAdverIntervalCentis
                        + "; accepted: 1..25500 (V3 1..4095, V2 whole seconds in centiseconds)");
            }
            if (sender == null) {
                throw new IllegalArgumentException("sender = null; accepted: the advert's source address");
            }
        }
    }

    /** A timer armed by {@link FsmAction.StartTimer} has expired. */
    record TimerFired(Timer which) implements FsmEvent {
        // Shared instances let the caller report expiries without allocating on the advert hot path.
        private static final TimerFired ADVER_FIRED = new TimerFired(Timer.ADVER);
        private static final TimerFired MASTER_DOWN_FIRED = new TimerFired(Timer.MASTER_DOWN);
        private static final TimerFired CLAIM_FIRED = new TimerFired(Timer.CLAIM);
        private static final TimerFired SPLIT_BRAIN_FIRED = new TimerFired(Timer.SPLIT_BRAIN);

        public TimerFired {
            if (which == null) {
                throw new IllegalArgumentException("which = null; accepted: ADVER, MASTER_DOWN, CLAIM or SPLIT_BRAIN");
            }
        }

        public static TimerFired of(Timer which) {
            return switch (which) {
                case ADVER -> ADVER_FIRED;
                case MASTER_DOWN -> MASTER_DOWN_FIRED;
                case CLAIM -> CLAIM_FIRED;
                case SPLIT_BRAIN -> SPLIT_BRAIN_FIRED;
            };
        }
    }

    /**
     * The priority to advertise and compare with changed (tracking, operator). 0 means not eligible to be
     * Master; 255 is allowed only for the address owner.
     */
    record PriorityChanged(int effectivePriority) implements FsmEvent {
        public PriorityChanged {
            if (effectivePriority < 0 || effectivePriority > 255) {
                throw new IllegalArgumentException(
                        "effectivePriority = " + effectivePriority + "; accepted: 0..255 (0 = not eligible)");
            }
        }
    }

    /**
     * The addresses a {@link FsmAction.BecomeMaster} asked for are on the interface and announced: the new Master
     * may now advertise. Ignored unless a claim is pending.
     */
    record AddressesClaimed() implements FsmEvent {
    }

    /** The addresses could not be claimed: the new Master gives up without having advertised. */
    record ClaimFailed() implements FsmEvent {
    }

    /**
     * Whether the node is ready to serve. A Backup that is not ready does not preempt a live Master of lower
     * priority (it takes its adverts as if preemption were off); with no Master heard it still takes over. Ready
     * until told otherwise.
     */
    record ReadinessChanged(boolean ready) implements FsmEvent {
    }

    /** The link the virtual router lives on went down: behave like Shutdown, but nothing can be sent. */
    /**
     * The instance's configuration changed in place (advert interval, preemption, its delay, accept mode): the same
     * virtual router (VRID, version, primary address, owner or not) goes on in its state. A Master advertises a new
     * interval at once.
     */
    record Reconfigured(FsmConfig config) implements FsmEvent {
    }

    /**
     * Held (a sync group member while another member cannot be master): not eligible to be Master, like priority 0,
     * while its timers go on at its own priority (its Skew_Time stays its own, so that once released it takes over
     * when it would have). A held Master steps down with a priority-0 advert; a Backup follows any Master.
     */
    record Held(boolean held) implements FsmEvent {
    }

    record InterfaceDown() implements FsmEvent {
    }

    /** The link came back: behave like Startup if the router is enabled. */
    record InterfaceUp() implements FsmEvent {
    }
}
