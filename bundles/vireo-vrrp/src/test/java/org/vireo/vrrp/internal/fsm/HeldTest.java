package org.vireo.vrrp.internal.fsm;

import static org.assertj.core.api.Assertions.assertThat;
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
import org.vireo.vrrp.internal.fsm.FsmEvent.Held;
import org.vireo.vrrp.internal.fsm.FsmEvent.Startup;
import org.vireo.vrrp.internal.fsm.FsmEvent.TimerFired;

/** Issue 24: a sync group's hold: not eligible, like priority 0, with the timers of its own priority. */
class HeldTest {
    private static final long T = 11 * SECOND;

    @Test
    void aHeldMasterHandsOverWithAPriorityZeroAdvert_andKeepsItsOwnTimers() {
        VrrpStateMachine fsm = master(config().basePriority(200).build());
        long down = fsm.masterDownIntervalMicros(); // 3 s + (256 - 200) / 256 s

        assertThat(fsm.handle(new Held(true), T)).containsExactly(new CancelTimer(Timer.ADVER), new SendAdvert(0, 100),
            new StartTimer(Timer.MASTER_DOWN, down), new BecomeBackup());
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
        assertThat(fsm.effectivePriority()).isEqualTo(200);
        assertThat(down).isEqualTo(3 * SECOND + 56 * SECOND / 256);
    }

    @Test
    void aHeldBackupFollowsEvenALowerMasterAndDoesNotTakeOver() {
        VrrpStateMachine fsm = backup(config().basePriority(200).build());
        fsm.handle(new Held(true), SECOND);

        assertThat(fsm.handle(advert(100), 2 * SECOND)).containsExactly(
            new StartTimer(Timer.MASTER_DOWN, fsm.masterDownIntervalMicros()));
        assertThat(fsm.followedMasterPriority()).hasValue(100);
        assertThat(fsm.handle(TimerFired.of(Timer.MASTER_DOWN), 6 * SECOND)).containsExactly(
            new StartTimer(Timer.MASTER_DOWN, fsm.masterDownIntervalMicros()));
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
    }

    /** Released after its timer ran out with no master heard: it takes over then, not a Master_Down later. */
    @Test
    void aReleasedBackupWhoseMasterWentSilentTakesOverAtOnce() {
        VrrpStateMachine fsm = backup(config().build());
        fsm.handle(new Held(true), SECOND);
        fsm.handle(advert(150), 2 * SECOND);
        fsm.handle(TimerFired.of(Timer.MASTER_DOWN), 6 * SECOND); // the master fell silent

        assertThat(fsm.handle(new Held(false), 6 * SECOND + 3)).contains(new BecomeMaster(false));
    }

    /** Released while its master is alive: it follows it as ever (no preemption at its lower priority). */
    @Test
    void aReleasedBackupWithALiveMasterStaysBackup() {
        VrrpStateMachine fsm = backup(config().build());
        fsm.handle(new Held(true), SECOND);
        fsm.handle(advert(150), 2 * SECOND);

        assertThat(fsm.handle(new Held(false), 3 * SECOND)).isEmpty();
        assertThat(fsm.followedMasterPriority()).hasValue(150);
    }

    @Test
    void aHeldOwnerStartsAsBackup() {
        VrrpStateMachine fsm = new VrrpStateMachine(config().basePriority(255).build());
        fsm.handle(new Held(true), 0);

        fsm.handle(new Startup(), 0);
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
    }
}
