package org.vireo.vrrp.internal.fsm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.SECOND;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.advert;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.backup;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.config;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.master;

import org.junit.jupiter.api.Test;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmAction.BecomeBackup;
import org.vireo.vrrp.internal.fsm.FsmAction.BecomeMaster;
import org.vireo.vrrp.internal.fsm.FsmAction.CancelTimer;
import org.vireo.vrrp.internal.fsm.FsmAction.SendAdvert;
import org.vireo.vrrp.internal.fsm.FsmAction.StartTimer;
import org.vireo.vrrp.internal.fsm.FsmEvent.PriorityChanged;
import org.vireo.vrrp.internal.fsm.FsmEvent.TimerFired;

/** PriorityChanged: the effective priority, including 0 = not eligible. */
class EffectivePriorityTest {
    private static final long T = 11 * SECOND;

    @Test
    void aMasterAdvertisesANewPriorityAtOnceAndKeepsUsingIt() {
        VrrpStateMachine fsm = master(config().build());

        assertThat(fsm.handle(new PriorityChanged(50), T))
                .containsExactly(new SendAdvert(50, 100), new StartTimer(Timer.ADVER, SECOND));
        assertThat(fsm.handle(TimerFired.of(Timer.ADVER), T + SECOND)).startsWith(new SendAdvert(50, 100));
        assertThat(fsm.effectivePriority()).isEqualTo(50);
    }

    @Test
    void anUnchangedPriorityIsANoOp() {
        VrrpStateMachine fsm = master(config().build());

        assertThat(fsm.handle(new PriorityChanged(100), T)).isEmpty();
    }

    @Test
    void aMasterAtPriorityZeroHandsOverWithAPriorityZeroAdvert() {
        VrrpStateMachine fsm = master(config().build());

        assertThat(fsm.handle(new PriorityChanged(0), T)).containsExactly(new CancelTimer(Timer.ADVER),
                new SendAdvert(0, 100), new StartTimer(Timer.MASTER_DOWN, 4 * SECOND), new BecomeBackup());
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
    }

    @Test
    void aBackupAtPriorityZeroNeverTakesOverButCanReturn() {
        VrrpStateMachine fsm = backup(config().build());
        fsm.handle(new PriorityChanged(0), SECOND);

        assertThat(fsm.handle(TimerFired.of(Timer.MASTER_DOWN), 4 * SECOND))
                .containsExactly(new StartTimer(Timer.MASTER_DOWN, 4 * SECOND));
        assertThat(fsm.handle(advert(1), 5 * SECOND)).containsExactly(new StartTimer(Timer.MASTER_DOWN, 4 * SECOND));
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);

        fsm.handle(new PriorityChanged(100), 6 * SECOND);
        assertThat(fsm.handle(TimerFired.of(Timer.MASTER_DOWN), 9 * SECOND)).contains(new BecomeMaster(false));
    }

    @Test
    void theOwnerCanBeLoweredAndRestoredButOnlyTheOwnerMayUse255() {
        VrrpStateMachine owner = new VrrpStateMachine(config().basePriority(255).build());
        owner.handle(new PriorityChanged(10), 0);
        owner.handle(new PriorityChanged(255), 0);
        assertThat(owner.effectivePriority()).isEqualTo(255);

        VrrpStateMachine other = new VrrpStateMachine(config().basePriority(254).build());
        assertThatIllegalArgumentException().isThrownBy(() -> other.handle(new PriorityChanged(255), 0))
                .withMessageContaining("effectivePriority = 255 is reserved for the address owner");
    }

    @Test
    void aRisingBackupPreemptsOnceItsTimerRunsOut() {
        VrrpStateMachine fsm = backup(config().build());
        fsm.handle(advert(150), SECOND); // accepted: Master_Down_Timer due at 4.609375 s

        fsm.handle(new PriorityChanged(200), 2 * SECOND);

        assertThat(fsm.handle(advert(150), 2 * SECOND)).isEmpty();
        assertThat(fsm.handle(TimerFired.of(Timer.MASTER_DOWN), 4_609_375)).contains(new BecomeMaster(false));
    }
}
