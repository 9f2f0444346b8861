package org.vireo.vrrp.internal.fsm.sim;

import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmConfig;
import org.vireo.vrrp.internal.fsm.Timer;

/** One simulated host: its process (state machine), link, tracked priority and VIP. */
final class SimNode {
    final int id;
    final FsmConfig config;
    /** Null while the process is down. */
    NodeFsm fsm;
    /** Started and not gracefully shut down since. */
    boolean adminUp;
    boolean linkUp = true;
    /** The effective priority tracking dictates; survives crashes because the tracked state does. */
    int priority;
    boolean holdsVip;
    /** The VIP claimed and announced (the claim reported done): only then may the node advertise as Master. */
    boolean vipAnnounced;
    /** Bumped by every claim and by a crash, so a stale ClaimDone is recognised. */
    long claimGeneration;
    /** Bumped by every StartTimer/CancelTimer and by a crash, so stale expiries are recognised. */
    final long[] timerGeneration = new long[Timer.values().length];

    // Invariant 3: the node's own record of when it last heard a Master and how long it must then stay quiet.
    long heardMasterAtMicros;
    long mustWaitMicros;
    String heardWhat = "nothing";
    /** Master_Adver_Interval as this node should have learned it, tracked independently of the FSM. */
    int learnedIntervalCentis;

    SimNode(int id, FsmConfig config) {
        this.id = id;
        this.config = config;
        this.priority = config.basePriority();
        this.learnedIntervalCentis = config.advertIntervalCentis();
    }

    boolean processUp() {
        return fsm != null;
    }

    boolean running() {
        return fsm != null && adminUp && linkUp;
    }

    boolean eligible() {
        return running() && priority > 0;
    }

    VrrpState state() {
        return fsm == null ? VrrpState.INITIALIZE : fsm.state();
    }

    String name() {
        return "n" + id;
    }

    @Override
    public String toString() {
        return name() + "(prio " + priority + ", " + config.primaryAddress().getHostAddress() + ", " + state() + ")";
    }
}
