package org.vireo.vrrp.internal.fsm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.SECOND;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.advert;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.backup;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.config;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmAction.BecomeBackup;
import org.vireo.vrrp.internal.fsm.FsmAction.BecomeInitialize;
import org.vireo.vrrp.internal.fsm.FsmAction.BecomeMaster;
import org.vireo.vrrp.internal.fsm.FsmAction.CancelTimer;
import org.vireo.vrrp.internal.fsm.FsmAction.SendAdvert;
import org.vireo.vrrp.internal.fsm.FsmAction.StartTimer;
import org.vireo.vrrp.internal.fsm.FsmEvent.AddressesClaimed;
import org.vireo.vrrp.internal.fsm.FsmEvent.ClaimFailed;
import org.vireo.vrrp.internal.fsm.FsmEvent.PriorityChanged;
import org.vireo.vrrp.internal.fsm.FsmEvent.ReadinessChanged;
import org.vireo.vrrp.internal.fsm.FsmEvent.Shutdown;
import org.vireo.vrrp.internal.fsm.FsmEvent.TimerFired;

/**
 * Issue 19, defect 14: a new Master claims its addresses before its first advert (a Backup that hears the advert
 * gives them up at once), and a node that is not ready to serve does not preempt a live Master. Priority 150 against
 * a Master of 100 unless stated; interval 1 s, so Master_Down_Interval = 3 s + Skew_Time (414,062 µs at 150).
 */
class ClaimAndReadinessTest {
    private static final long DOWN = 3_414_062;
    private static final long TAKEOVER = 10 * SECOND;

    private static VrrpStateMachine claiming() {
        VrrpStateMachine fsm = backup(config().basePriority(150).build());
        assertThat(fsm.handle(TimerFired.of(Timer.MASTER_DOWN), TAKEOVER))
                .containsExactly(new BecomeMaster(false), new StartTimer(Timer.CLAIM, SECOND));
        return fsm;
    }

    private static boolean advertises(List<FsmAction> actions) {
        return actions.stream().anyMatch(a -> a instanceof SendAdvert send && send.priority() > 0);
    }

    @Test
    void aNewMasterSendsNothingUntilItsAddressesAreClaimedThenItsFirstAdvert() {
        VrrpStateMachine fsm = claiming();

        // whatever happens meanwhile, no advert goes out for addresses the node does not hold yet
        assertThat(advertises(fsm.handle(advert(0), TAKEOVER + 100))).isFalse();
        assertThat(advertises(fsm.handle(advert(100), TAKEOVER + 200))).isFalse();
        assertThat(advertises(fsm.handle(new PriorityChanged(140), TAKEOVER + 300))).isFalse();
        assertThat(fsm.handle(TimerFired.of(Timer.ADVER), TAKEOVER + 400)).isEmpty();
        assertThat(fsm.claimPending()).isTrue();

        assertThat(fsm.handle(new AddressesClaimed(), TAKEOVER + 900)).containsExactly(
                new CancelTimer(Timer.CLAIM), new SendAdvert(140, 100), new StartTimer(Timer.ADVER, SECOND));
        assertThat(fsm.claimPending()).isFalse();
        assertThat(fsm.handle(TimerFired.of(Timer.ADVER), TAKEOVER + SECOND)).contains(new SendAdvert(140, 100));
    }

    @Test
    void aClaimThatRunsOutGoesBackToBackupWithoutHavingAdvertised() {
        VrrpStateMachine fsm = claiming();

        assertThat(fsm.handle(TimerFired.of(Timer.CLAIM), TAKEOVER + SECOND)).containsExactly(
                new CancelTimer(Timer.CLAIM), new StartTimer(Timer.MASTER_DOWN, DOWN), new BecomeBackup());
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
        // a late confirmation of the abandoned claim changes nothing
        assertThat(fsm.handle(new AddressesClaimed(), TAKEOVER + SECOND + 1)).isEmpty();
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
    }

    @Test
    void aFailedClaimGoesBackToBackupWithoutHavingAdvertised() {
        VrrpStateMachine fsm = claiming();

        List<FsmAction> actions = fsm.handle(new ClaimFailed(), TAKEOVER + 5_000);

        assertThat(actions).containsExactly(
                new CancelTimer(Timer.CLAIM), new StartTimer(Timer.MASTER_DOWN, DOWN), new BecomeBackup());
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
    }

    @Test
    void aBetterMasterHeardDuringTheClaimEndsItAndTheNodeFollows() {
        VrrpStateMachine fsm = claiming();

        assertThat(fsm.handle(advert(200), TAKEOVER + 100)).containsExactly(
                new CancelTimer(Timer.CLAIM), new StartTimer(Timer.MASTER_DOWN, DOWN), new BecomeBackup());
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
    }

    @Test
    void aShutdownDuringTheClaimSendsNoPriorityZeroForAMastershipNeverAnnounced() {
        VrrpStateMachine fsm = claiming();

        assertThat(fsm.handle(new Shutdown(), TAKEOVER + 100))
                .containsExactly(new CancelTimer(Timer.CLAIM), new BecomeInitialize());
    }

    @Test
    void aNodeNotReadyDoesNotPreemptALiveLowerPriorityMaster() {
        VrrpStateMachine fsm = new VrrpStateMachine(config().basePriority(150).build());
        fsm.handle(new ReadinessChanged(false), 0);
        fsm.handle(new FsmEvent.Startup(), 0);

        // the lower-priority Master's adverts are taken as the Master's: the timer re-arms, no takeover
        for (long t = SECOND; t <= 20 * SECOND; t += SECOND) {
            assertThat(fsm.handle(advert(100), t)).containsExactly(new StartTimer(Timer.MASTER_DOWN, DOWN));
        }
        assertThat(fsm.masterAddress()).contains(FsmFixtures.PEER);

        // once ready, its adverts are discarded, so the Master_Down_Timer runs out and the node preempts
        fsm.handle(new ReadinessChanged(true), 20 * SECOND + 1);
        assertThat(fsm.handle(advert(100), 21 * SECOND)).isEmpty();
        assertThat(fsm.handle(TimerFired.of(Timer.MASTER_DOWN), 20 * SECOND + DOWN))
                .contains(new BecomeMaster(false));
    }

    @Test
    void aNodeThatStartsUnreadyTakesOverThroughMasterDownOnlyOnceReady() {
        VrrpStateMachine fsm = new VrrpStateMachine(config().basePriority(150).build());
        fsm.handle(new ReadinessChanged(false), 0);
        fsm.handle(new FsmEvent.Startup(), 0);

        // no advert heard may only mean the receive path is not running yet: keep watching
        assertThat(fsm.handle(TimerFired.of(Timer.MASTER_DOWN), DOWN))
                .containsExactly(new StartTimer(Timer.MASTER_DOWN, DOWN));
        assertThat(fsm.handle(TimerFired.of(Timer.MASTER_DOWN), 2 * DOWN))
                .containsExactly(new StartTimer(Timer.MASTER_DOWN, DOWN));
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);

        fsm.handle(new ReadinessChanged(true), 2 * DOWN + 1);
        assertThat(fsm.handle(TimerFired.of(Timer.MASTER_DOWN), 3 * DOWN)).contains(new BecomeMaster(false));
        assertThat(fsm.state()).isEqualTo(VrrpState.MASTER);
    }

    @Test
    void onceReadyANodeTakesOverWhenNoMasterIsHeardEvenIfItIsNotReadyAgain() {
        VrrpStateMachine fsm = new VrrpStateMachine(config().basePriority(150).build());
        fsm.handle(new ReadinessChanged(false), 0);
        fsm.handle(new FsmEvent.Startup(), 0);
        fsm.handle(advert(100), SECOND);
        fsm.handle(new ReadinessChanged(true), 2 * SECOND);
        fsm.handle(new ReadinessChanged(false), 3 * SECOND); // a role change, say
        fsm.handle(advert(100), 3 * SECOND);

        // availability first: the master is gone, a half-ready node serves better than none
        assertThat(fsm.handle(TimerFired.of(Timer.MASTER_DOWN), 3 * SECOND + DOWN)).contains(new BecomeMaster(false));
    }

    @Test
    void aNodeReadyAtItsStartTakesOverWhenNoMasterIsHeard() {
        VrrpStateMachine fsm = new VrrpStateMachine(config().basePriority(150).build());
        fsm.handle(new FsmEvent.Startup(), 0);

        assertThat(fsm.handle(TimerFired.of(Timer.MASTER_DOWN), DOWN)).contains(new BecomeMaster(false));
    }
}
