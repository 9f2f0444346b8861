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

    /**
     * Issue 24: a Backup held at 0 (a sync group waiting for all its members) whose Master_Down_Timer ran out with
     * no master heard takes over as soon as it may, not one Master_Down_Interval later.
     */
    @Test
    void aBackupWhoseTimerRanOutWhileIneligibleTakesOverAsSoonAsItMay() {
        VrrpStateMachine fsm = backup(config().build());
        fsm.handle(new PriorityChanged(0), SECOND);
        fsm.handle(TimerFired.of(Timer.MASTER_DOWN), 4 * SECOND);
        assertThat(fsm.followedMasterPriority()).isEmpty();

        assertThat(fsm.handle(new PriorityChanged(100), 5 * SECOND)).contains(new BecomeMaster(false));
        assertThat(fsm.state()).isEqualTo(VrrpState.MASTER);
    }

    /** ... but one that has heard a master since waits for its timer as ever (the master may be better). */
    @Test
    void aBackupThatHeardAMasterSinceWaitsForItsTimer() {
        VrrpStateMachine fsm = backup(config().build());
        fsm.handle(new PriorityChanged(0), SECOND);
        fsm.handle(TimerFired.of(Timer.MASTER_DOWN), 4 * SECOND);
        fsm.handle(advert(150), 4 * SECOND + 1);
        assertThat(fsm.followedMasterPriority()).hasValue(150);

        assertThat(fsm.handle(new PriorityChanged(100), 5 * SECOND)).isEmpty();
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
    }

    /** What a sync group reads: the live master a Backup follows, not one it preempts, leaves or took over from. */
    @Test
    void theFollowedMastersPriorityIsThatOfALiveMasterTheBackupDefersTo() {
        VrrpStateMachine fsm = backup(config().build());
        assertThat(fsm.followedMasterPriority()).isEmpty();
        fsm.handle(advert(150), SECOND);
        assertThat(fsm.followedMasterPriority()).hasValue(150);
        fsm.handle(advert(0), 2 * SECOND); // the master steps down
        assertThat(fsm.followedMasterPriority()).isEmpty();
        fsm.handle(advert(50), 2 * SECOND + 1); // a lower one: preempted, not followed
        assertThat(fsm.followedMasterPriority()).isEmpty();
        fsm.handle(TimerFired.of(Timer.MASTER_DOWN), 3 * SECOND);
        assertThat(fsm.state()).isEqualTo(VrrpState.MASTER);
        assertThat(fsm.followedMasterPriority()).isEmpty();
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
