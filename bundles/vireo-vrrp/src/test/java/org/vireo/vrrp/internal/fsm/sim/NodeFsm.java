package org.vireo.vrrp.internal.fsm.sim;

import java.util.List;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmAction;
import org.vireo.vrrp.internal.fsm.FsmConfig;
import org.vireo.vrrp.internal.fsm.FsmEvent;
import org.vireo.vrrp.internal.fsm.VrrpStateMachine;

/** The state machine as a simulated node drives it; model tests substitute deliberately broken ones. */
public interface NodeFsm {
    List<FsmAction> handle(FsmEvent event, long nowMicros);

    VrrpState state();

    /** How a node handles an event, given the real machine underneath (a mutant changes what goes in or out). */
    interface Step {
        List<FsmAction> handle(VrrpStateMachine fsm, FsmEvent event, long nowMicros);
    }

    static NodeFsm real(FsmConfig config) {
        return wrapping(config, VrrpStateMachine::handle);
    }

    /** A real state machine whose events go through {@code step}. */
    static NodeFsm wrapping(FsmConfig config, Step step) {
        VrrpStateMachine machine = new VrrpStateMachine(config);
        return new NodeFsm() {
            @Override
            public List<FsmAction> handle(FsmEvent event, long nowMicros) {
                return step.handle(machine, event, nowMicros);
            }

            @Override
            public VrrpState state() {
                return machine.state();
            }
        };
    }
}
