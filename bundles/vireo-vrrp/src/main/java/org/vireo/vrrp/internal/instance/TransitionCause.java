package org.vireo.vrrp.internal.instance;

import java.net.InetAddress;
import java.util.Optional;

import org.vireo.config.AddressText;
import org.vireo.vrrp.internal.fsm.FsmEvent;

/** What an event handed to the state machine means to an operator, as the cause of the transition it makes. */
final class TransitionCause {

    private TransitionCause() {
    }

    /**
     * @param priorityReason why the priority changed, for a {@link FsmEvent.PriorityChanged}
     * @param lastAdvert     the last advert the instance took, for a master-down timer: a master that stepped down
     *                       (priority 0) is taken over after Skew_Time, one that went silent after Master_Down_Interval
     * @param preempting     the state machine discarded that advert to preempt its sender (see
     *                       {@link org.vireo.vrrp.internal.fsm.VrrpStateMachine#preempting()}): the master is there,
     *                       and the timer ran out because this node is better, not because the master went silent
     */
    static String of(FsmEvent event, String priorityReason, Optional<FsmEvent.AdvertReceived> lastAdvert,
                     boolean preempting) {
        if (event instanceof FsmEvent.AdvertReceived a) {
            return a.priority() == 0 ? "the master " + AddressText.of(a.sender()) + " stepped down (priority 0)"
                : "advert from " + AddressText.of(a.sender()) + " at priority " + a.priority();
        }
        if (event instanceof FsmEvent.TimerFired t) {
            return switch (t.which()) {
                case MASTER_DOWN -> preempting && lastAdvert.isPresent() ? preempted(lastAdvert.get())
                    : masterDown(lastAdvert);
                case CLAIM -> "its VIPs were not claimed in time";
                case ADVER -> "advert timer";
                case SPLIT_BRAIN -> "the other master went silent";
            };
        }
        if (event instanceof FsmEvent.PriorityChanged p) {
            return "priority " + p.effectivePriority() + " (" + priorityReason + ")";
        }
        if (event instanceof FsmEvent.ReadinessChanged r) {
            return r.ready() ? "this node is ready" : "this node is not ready yet";
        }
        return simple(event);
    }

    private static String preempted(FsmEvent.AdvertReceived master) {
        return "preempted the master " + AddressText.of(master.sender()) + " (it advertises priority "
            + master.priority() + ", below this node's)";
    }

    private static String masterDown(Optional<FsmEvent.AdvertReceived> last) {
        if (last.isEmpty()) {
            return "no master heard for Master_Down_Interval";
        }
        String master = AddressText.of(last.get().sender());
        return last.get().priority() == 0 ? "the master " + master + " stepped down (priority 0)"
            : "no advert from the master " + master + " for Master_Down_Interval";
    }

    private static String simple(FsmEvent event) {
        if (event instanceof FsmEvent.Startup) {
            return "started";
        }
        if (event instanceof FsmEvent.Shutdown) {
            return "stopped";
        }
        if (event instanceof FsmEvent.ClaimFailed) {
            return "its VIPs could not be claimed";
        }
        if (event instanceof FsmEvent.AddressesClaimed) {
            return "its VIPs are claimed";
        }
        return event instanceof FsmEvent.InterfaceDown ? "interface down" : "interface up";
    }

    /** The other router the event concerns: an advert's sender, else the master last heard (never this one). */
    static Optional<InetAddress> peer(FsmEvent event, Optional<InetAddress> lastMaster, Optional<InetAddress> self) {
        Optional<InetAddress> peer = event instanceof FsmEvent.AdvertReceived a ? Optional.of(a.sender()) : lastMaster;
        return peer.equals(self) ? Optional.empty() : peer;
    }
}
