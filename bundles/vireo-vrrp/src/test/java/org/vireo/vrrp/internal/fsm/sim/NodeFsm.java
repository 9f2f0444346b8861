package org.vireo.vrrp.internal.fsm.sim;

import java.util.List;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmAction;
import org.vireo.vrrp.internal.fsm.FsmConfig;
import org.vireo.vrrp.internal.fsm.FsmEvent;
import org.vireo.vrrp.internal.fsm.VrrpStateMachine;

/** The state machine as a simulated node drives it; model tests substitute deliberately broken ones. */
interface NodeFsm {
    List<FsmAction> handle(FsmEvent event, long nowMicros);

    VrrpState state();

    static NodeFsm real(FsmConfig config) {
        VrrpStateMachine machine = new VrrpStateMachine(config);
        return new NodeFsm() {
            @Override
            public List<FsmAction> handle(FsmEvent event, long nowMicros) {
                return machine.handle(event, nowMicros);
            }

            @Override
            public VrrpState state() {
                return machine.state();
            }
        };
    }
}
