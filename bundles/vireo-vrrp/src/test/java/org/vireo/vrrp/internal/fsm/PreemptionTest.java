package org.vireo.vrrp.internal.fsm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.SECOND;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.advert;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.backup;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.config;

import org.junit.jupiter.api.Test;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmAction.BecomeMaster;
import org.vireo.vrrp.internal.fsm.FsmAction.StartTimer;
import org.vireo.vrrp.internal.fsm.FsmEvent.PriorityChanged;
import org.vireo.vrrp.internal.fsm.FsmEvent.Startup;
import org.vireo.vrrp.internal.fsm.FsmEvent.TimerFired;

/** Preempt_Mode, the preempt delay, and the owner's unconditional preemption. */
class PreemptionTest {
    private static final StartTimer REARM_AT_200 = new StartTimer(Timer.MASTER_DOWN, 3_218_750);

    @Test
    void aPreemptingBackupTakesOverFromALowerMasterWhenItsTimerRunsOut() {
        VrrpStateMachine fsm = backup(config().basePriority(200).build());

        for (int second = 1; second <= 3; second++) {
            assertThat(fsm.handle(advert(100), second * SECOND)).isEmpty();
        }
        assertThat(fsm.handle(TimerFired.of(Timer.MASTER_DOWN), 3_218_750)).contains(new BecomeMaster(false));
    }

    @Test
    void preemptDelayToleratesTheLowerMasterUntilItRunsOut() {
        VrrpStateMachine fsm = backup(config().basePriority(200).preemptDelayMicros(5 * SECOND).build());

        assertThat(fsm.handle(advert(100), SECOND)).containsExactly(REARM_AT_200); // delay starts: until 6 s
        assertThat(fsm.handle(advert(100), 5_999_999)).containsExactly(REARM_AT_200);
        assertThat(fsm.handle(advert(100), 6 * SECOND)).isEmpty();
        assertThat(fsm.handle(TimerFired.of(Timer.MASTER_DOWN), 5_999_999 + 3_218_750))
                .contains(new BecomeMaster(false));
    }

    @Test
    void preemptDelayStartsOverAfterALegitimateMasterWasHeard() {
        VrrpStateMachine fsm = backup(config().basePriority(200).preemptDelayMicros(5 * SECOND).build());

        fsm.handle(advert(100), SECOND);
        fsm.handle(advert(250), 2 * SECOND);

        assertThat(fsm.handle(advert(100), 3 * SECOND)).containsExactly(REARM_AT_200); // new delay: until 8 s
        assertThat(fsm.handle(advert(100), 7 * SECOND)).containsExactly(REARM_AT_200);
        assertThat(fsm.handle(advert(100), 8 * SECOND)).isEmpty();
    }

    @Test
    void preemptDelayStartsOverAfterARestart() {
        VrrpStateMachine fsm = backup(config().basePriority(200).preemptDelayMicros(5 * SECOND).build());
        fsm.handle(advert(100), SECOND);
        fsm.handle(new FsmEvent.Shutdown(), 2 * SECOND);
        fsm.handle(new Startup(), 20 * SECOND);

        assertThat(fsm.handle(advert(100), 21 * SECOND)).containsExactly(REARM_AT_200);
    }

    @Test
    void theOwnerPreemptsEvenWithPreemptOffAndADelay() {
        VrrpStateMachine fsm = new VrrpStateMachine(
                config().basePriority(255).preempt(false).preemptDelayMicros(5 * SECOND).build());
        fsm.handle(new PriorityChanged(200), 0);
        fsm.handle(new Startup(), 0);
        fsm.handle(new PriorityChanged(255), SECOND);

        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
        assertThat(fsm.handle(advert(254), 2 * SECOND)).isEmpty();
    }

    @Test
    void withoutPreemptionAnEqualPriorityBackupNeverChallengesTheMaster() {
        VrrpStateMachine fsm = backup(FsmConfig.builder(7, FsmFixtures.ip("10.0.0.250")).build());

        // RFC 5798 6.4.2 accepts "greater than or equal": the address tie-break only settles two Masters.
        assertThat(fsm.handle(advert(100, "10.0.0.1"), SECOND))
                .containsExactly(new StartTimer(Timer.MASTER_DOWN, 3_609_375));
    }
}
