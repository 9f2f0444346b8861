package org.vireo.vrrp.internal.fsm.sim;

import java.util.ArrayList;
import java.util.List;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmAction;
import org.vireo.vrrp.internal.fsm.FsmConfig;
import org.vireo.vrrp.internal.fsm.FsmEvent;
import org.vireo.vrrp.internal.fsm.Timer;
import org.vireo.vrrp.internal.fsm.VrrpStateMachine;

/** Deliberately broken state machines: wrappers around the real one, each with one classic VRRP bug. */
enum Mutant {
    /** Arms the Master_Down_Timer with 3 x Master_Adver_Interval, forgetting Skew_Time. */
    SKIP_SKEW_TIME("INV3") {
        @Override
        List<FsmAction> handle(VrrpStateMachine fsm, FsmEvent event, long now) {
            return fsm.handle(event, now).stream().map(action -> action instanceof FsmAction.StartTimer start
                    && start.timer() == Timer.MASTER_DOWN && start.delayMicros() == fsm.masterDownIntervalMicros()
                    ? new FsmAction.StartTimer(Timer.MASTER_DOWN, start.delayMicros() - fsm.skewTimeMicros())
                    : action).toList();
        }
    },
    /** A Master demoted by a better advert forgets to release the addresses. */
    KEEP_VIP_ON_DEMOTION("INV2") {
        @Override
        List<FsmAction> handle(VrrpStateMachine fsm, FsmEvent event, long now) {
            VrrpState before = fsm.state();
            List<FsmAction> actions = fsm.handle(event, now);
            if (before == VrrpState.MASTER && fsm.state() == VrrpState.BACKUP) {
                return actions.stream().filter(a -> !(a instanceof FsmAction.BecomeBackup)).toList();
            }
            return actions;
        }
    },
    /** A preempting Backup takes lower-priority adverts as the Master's, so it never preempts. */
    ACCEPT_LOWER_PRIORITY("INV3") {
        @Override
        List<FsmAction> handle(VrrpStateMachine fsm, FsmEvent event, long now) {
            if (fsm.state() == VrrpState.BACKUP && event instanceof FsmEvent.AdvertReceived advert
                    && advert.priority() > 0 && advert.priority() < fsm.effectivePriority()) {
                return fsm.handle(new FsmEvent.AdvertReceived(fsm.effectivePriority(),
                        advert.maxAdverIntervalCentis(), advert.sender()), now);
            }
            return fsm.handle(event, now);
        }
    },
    /** A new Master advertises at once and claims after, in the RFC's order (issue 19, defect 14). */
    ADVERTISE_BEFORE_CLAIM("INV5") {
        @Override
        List<FsmAction> handle(VrrpStateMachine fsm, FsmEvent event, long now) {
            List<FsmAction> actions = fsm.handle(event, now);
            if (actions.stream().anyMatch(a -> a instanceof FsmAction.BecomeMaster)) {
                List<FsmAction> early = new ArrayList<>();
                early.add(new FsmAction.SendAdvert(fsm.effectivePriority(), fsm.config().advertIntervalCentis()));
                early.addAll(actions);
                return early;
            }
            return actions;
        }
    },
    /** A Master ignores equal-priority adverts, so two tied Masters never settle. */
    NO_ADDRESS_TIE_BREAK("INV1") {
        @Override
        List<FsmAction> handle(VrrpStateMachine fsm, FsmEvent event, long now) {
            if (fsm.state() == VrrpState.MASTER && event instanceof FsmEvent.AdvertReceived advert
                    && advert.priority() == fsm.effectivePriority()) {
                return List.of();
            }
            return fsm.handle(event, now);
        }
    };

    final String caughtBy;

    Mutant(String caughtBy) {
        this.caughtBy = caughtBy;
    }

    abstract List<FsmAction> handle(VrrpStateMachine fsm, FsmEvent event, long now);

    NodeFsm create(FsmConfig config) {
        return NodeFsm.wrapping(config, this::handle);
    }
}
