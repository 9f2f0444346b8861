package org.vireo.vrrp.internal.instance;

import java.net.InetAddress;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.VrrpTakeover;

/** Where an instance reports what it became and why: the VIP listeners and EventAdmin at run time. */
interface StateSink {

    /**
     * A state change, told on the scheduler thread, in order, before the instance goes on.
     *
     * @param cause what made it (an advert, a timer, a priority, a fault), in words
     * @param peer  the other router it concerns: the sender of the advert, or the master last heard
     */
    record StateChange(String instance, VrrpState from, VrrpState to, boolean acceptMode, String cause,
                       Optional<InetAddress> peer) {
    }

    /** A change of the priority the instance advertises (from, to) and why. */
    record PriorityChange(String instance, int from, int to, String reason) {
    }

    /** This node's first advert as master after a takeover went out (on the scheduler thread: post, never wait). */
    default void tookOver(String instance, VrrpTakeover takeover) {
    }

    /** @return on becoming MASTER, the claim of the addresses (see VrrpStateListener#becameMaster); else ignored */
    CompletionStage<Void> stateChanged(StateChange change);

    /**
     * Another router advertises as master while this one is ({@code detected}), or no longer ({@code !detected}:
     * it went silent, {@code reannounce} then, or this router left master). On the scheduler thread: post, never wait.
     */
    default void splitBrain(String instance, boolean detected, InetAddress peer, int peerPriority, boolean reannounce) {
    }

    /** A master's configuration changed in place (addresses, peers, interval); on the scheduler thread. */
    default void changedInPlace(String instance) {
    }

    /** What its sync group sees of it (state, own priority, followed master) changed; on the scheduler thread. */
    default void groupInputsChanged() {
    }

    /** Told on the scheduler thread, before the state machine takes the new priority. */
    default void priorityChanged(PriorityChange change) {
    }
}
