package org.vireo.health.internal.track.sim;

import java.util.List;

import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmAction;
import org.vireo.vrrp.internal.fsm.FsmConfig;
import org.vireo.vrrp.internal.fsm.FsmEvent;
import org.vireo.vrrp.internal.fsm.Timer;
import org.vireo.vrrp.internal.fsm.VrrpStateMachine;
import org.vireo.vrrp.internal.fsm.sim.NodeFsm;

/** State machines with one classic tracking bug each, wrapped around the real one; the simulation must see them. */
enum TrackingMutant {
    /** A Backup whose timer fires while it is not eligible stops watching, so it never takes over once it is. */
    STOP_WATCHING_WHILE_INELIGIBLE("INV4") {
        @Override
        List<FsmAction> handle(VrrpStateMachine fsm, FsmEvent event, long now) {
            if (fsm.state() == VrrpState.BACKUP && fsm.effectivePriority() == 0
                    && event instanceof FsmEvent.TimerFired fired && fired.which() == Timer.MASTER_DOWN) {
                return List.of();
            }
            return fsm.handle(event, now);
        }
    },
    /** A Master ignores changes of its effective priority: it keeps the VIPs though tracking says it lost them. */
    MASTER_IGNORES_PRIORITY_CHANGES("INV1") {
        @Override
        List<FsmAction> handle(VrrpStateMachine fsm, FsmEvent event, long now) {
            if (fsm.state() == VrrpState.MASTER && event instanceof FsmEvent.PriorityChanged) {
                return List.of();
            }
            return fsm.handle(event, now);
        }
    };

    final String caughtBy;

    TrackingMutant(String caughtBy) {
        this.caughtBy = caughtBy;
    }

    abstract List<FsmAction> handle(VrrpStateMachine fsm, FsmEvent event, long now);

    NodeFsm create(FsmConfig config) {
        return NodeFsm.wrapping(config, this::handle);
    }
}
