package org.vireo.vrrp.internal.fsm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.SECOND;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.advert;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.backup;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.config;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.ip;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.master;

import org.junit.jupiter.api.Test;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmAction.SendAdvert;
import org.vireo.vrrp.internal.fsm.FsmAction.StartTimer;
import org.vireo.vrrp.internal.fsm.FsmEvent.Reconfigured;
import org.vireo.vrrp.internal.fsm.FsmEvent.TimerFired;

/** Issue 24: settings changed in place, the virtual router going on in its state (no handover). */
class ReconfigureTest {
    private static final long T = 11 * SECOND;

    @Test
    void aMasterAdvertisesANewIntervalAtOnceAndKeepsIt() {
        VrrpStateMachine fsm = master(config().build());

        assertThat(fsm.handle(new Reconfigured(config().advertIntervalCentis(20).build()), T))
            .containsExactly(new SendAdvert(100, 20), new StartTimer(Timer.ADVER, SECOND / 5));
        assertThat(fsm.state()).isEqualTo(VrrpState.MASTER);
        assertThat(fsm.handle(TimerFired.of(Timer.ADVER), T + SECOND / 5))
            .containsExactly(new SendAdvert(100, 20), new StartTimer(Timer.ADVER, SECOND / 5));
        assertThat(fsm.masterAdverIntervalCentis()).isEqualTo(20);
    }

    @Test
    void aMasterWhosePreemptionChangesSaysNothingAndStaysMaster() {
        VrrpStateMachine fsm = master(config().build());

        assertThat(fsm.handle(new Reconfigured(config().preempt(false).preemptDelayMicros(5 * SECOND).build()), T))
            .isEmpty();
        assertThat(fsm.state()).isEqualTo(VrrpState.MASTER);
    }

    /** A v3 Backup keeps the interval its Master advertises (its Master_Down_Interval with it). */
    @Test
    void aBackupKeepsTheMastersIntervalAndItsTimer() {
        VrrpStateMachine fsm = backup(config().build());
        fsm.handle(advert(150), SECOND);
        long down = fsm.masterDownIntervalMicros();

        assertThat(fsm.handle(new Reconfigured(config().advertIntervalCentis(20).build()), 2 * SECOND)).isEmpty();
        assertThat(fsm.masterDownIntervalMicros()).isEqualTo(down);
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
    }

    /** Preemption turned off in place: a Backup of higher priority no longer takes over from a live Master. */
    @Test
    void aBackupWithPreemptionTurnedOffFollowsALowerMaster() {
        VrrpStateMachine fsm = backup(config().basePriority(200).build());
        fsm.handle(new Reconfigured(config().basePriority(200).preempt(false).build()), SECOND);

        assertThat(fsm.handle(advert(150), 2 * SECOND)).containsExactly(
            new StartTimer(Timer.MASTER_DOWN, fsm.masterDownIntervalMicros()));
        assertThat(fsm.followedMasterPriority()).hasValue(150);
    }

    @Test
    void whatMakesAnotherVirtualRouterIsRefused() {
        VrrpStateMachine fsm = master(config().build());

        assertThatIllegalArgumentException().isThrownBy(() -> fsm.handle(new Reconfigured(
            FsmConfig.builder(99, ip("10.0.0.100")).build()), T)).withMessageContaining("only with a restart");
        assertThatIllegalArgumentException().isThrownBy(() -> fsm.handle(new Reconfigured(
            config().basePriority(255).build()), T)).withMessageContaining("only with a restart");
    }
}
