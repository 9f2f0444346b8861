package org.vireo.vrrp.internal.fsm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.PEER;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.SECOND;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.advert;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.backup;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.config;

import org.junit.jupiter.api.Test;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmAction.BecomeBackup;
import org.vireo.vrrp.internal.fsm.FsmAction.BecomeInitialize;
import org.vireo.vrrp.internal.fsm.FsmAction.BecomeMaster;
import org.vireo.vrrp.internal.fsm.FsmAction.CancelTimer;
import org.vireo.vrrp.internal.fsm.FsmAction.SendAdvert;
import org.vireo.vrrp.internal.fsm.FsmAction.StartTimer;
import org.vireo.vrrp.internal.fsm.FsmEvent.AdvertReceived;
import org.vireo.vrrp.internal.fsm.FsmEvent.InterfaceDown;
import org.vireo.vrrp.internal.fsm.FsmEvent.InterfaceUp;
import org.vireo.vrrp.internal.fsm.FsmEvent.PriorityChanged;
import org.vireo.vrrp.internal.fsm.FsmEvent.Shutdown;
import org.vireo.vrrp.internal.fsm.FsmEvent.Startup;
import org.vireo.vrrp.internal.fsm.FsmEvent.TimerFired;

/** RFC 5798 6.4.2 and every other event while in Backup (priority 100, interval 1 s unless stated). */
class BackupStateTest {
    private static final StartTimer REARM_MASTER_DOWN = new StartTimer(Timer.MASTER_DOWN, 3_609_375);

    @Test
    void shutdownCancelsMasterDownAndGoesInitialize() {
        VrrpStateMachine fsm = backup(config().build());

        assertThat(fsm.handle(new Shutdown(), SECOND))
                .containsExactly(new CancelTimer(Timer.MASTER_DOWN), new BecomeInitialize());
        assertThat(fsm.state()).isEqualTo(VrrpState.INITIALIZE);
    }

    @Test
    void masterDownTimerFiringClaimsTheAddressesAndAdvertisesOnceTheyAreClaimed() {
        VrrpStateMachine fsm = backup(config().build());

        assertThat(fsm.handle(TimerFired.of(Timer.MASTER_DOWN), 4 * SECOND)).containsExactly(
                new BecomeMaster(false), new StartTimer(Timer.CLAIM, SECOND));
        assertThat(fsm.state()).isEqualTo(VrrpState.MASTER);
        assertThat(fsm.handle(new FsmEvent.AddressesClaimed(), 4 * SECOND + 900)).containsExactly(
                new CancelTimer(Timer.CLAIM), new SendAdvert(100, 100), new StartTimer(Timer.ADVER, SECOND));
    }

    @Test
    void priorityZeroAdvertShortensMasterDownToSkewTime() {
        VrrpStateMachine fsm = backup(config().build());

        assertThat(fsm.handle(advert(0), SECOND)).containsExactly(new StartTimer(Timer.MASTER_DOWN, 609_375));
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
    }

    @Test
    void higherOrEqualPriorityAdvertRearmsMasterDown() {
        VrrpStateMachine fsm = backup(config().build());

        assertThat(fsm.handle(advert(200), SECOND)).containsExactly(REARM_MASTER_DOWN);
        assertThat(fsm.handle(advert(100), 2 * SECOND)).containsExactly(REARM_MASTER_DOWN);
        assertThat(fsm.masterAddress()).contains(PEER);
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
    }

    @Test
    void lowerPriorityAdvertIsDiscardedWhenPreempting() {
        VrrpStateMachine fsm = backup(config().build());

        assertThat(fsm.handle(advert(99), SECOND)).isEmpty();
        assertThat(fsm.masterAddress()).isEmpty();
    }

    @Test
    void lowerPriorityAdvertIsTheMastersWhenNotPreempting() {
        VrrpStateMachine fsm = backup(config().preempt(false).build());

        assertThat(fsm.handle(advert(1), SECOND)).containsExactly(REARM_MASTER_DOWN);
        assertThat(fsm.masterAddress()).contains(PEER);
    }

    @Test
    void v3LearnsTheMastersIntervalAndRecomputesSkewAndMasterDown() {
        VrrpStateMachine fsm = backup(config().build());

        assertThat(fsm.handle(new AdvertReceived(150, 50, PEER), SECOND))
                .containsExactly(new StartTimer(Timer.MASTER_DOWN, 1_500_000 + 304_687));
        assertThat(fsm.masterAdverIntervalCentis()).isEqualTo(50);
        assertThat(fsm.skewTimeMicros()).isEqualTo(304_687);
        assertThat(fsm.handle(advert(0), 2 * SECOND)).containsExactly(new StartTimer(Timer.MASTER_DOWN, 304_687));
    }

    @Test
    void v2KeepsItsOwnInterval() {
        VrrpStateMachine fsm = backup(config().version(ProtocolVersion.V2).advertIntervalCentis(200).build());

        assertThat(fsm.handle(new AdvertReceived(150, 100, PEER), SECOND))
                .containsExactly(new StartTimer(Timer.MASTER_DOWN, 6_609_375));
        assertThat(fsm.masterAdverIntervalCentis()).isEqualTo(200);
    }

    @Test
    void staleAdverTimerStartupAndInterfaceUpAreIgnored() {
        VrrpStateMachine fsm = backup(config().build());

        assertThat(fsm.handle(TimerFired.of(Timer.ADVER), SECOND)).isEmpty();
        assertThat(fsm.handle(new Startup(), SECOND)).isEmpty();
        assertThat(fsm.handle(new InterfaceUp(), SECOND)).isEmpty();
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
    }

    @Test
    void priorityChangeRecomputesButLeavesTheRunningTimerAlone() {
        VrrpStateMachine fsm = backup(config().build());

        assertThat(fsm.handle(new PriorityChanged(200), SECOND)).isEmpty();
        assertThat(fsm.skewTimeMicros()).isEqualTo(218_750);
        assertThat(fsm.handle(advert(250), 2 * SECOND))
                .containsExactly(new StartTimer(Timer.MASTER_DOWN, 3_218_750));
    }

    @Test
    void interfaceDownStopsSilentlyAndInterfaceUpRestarts() {
        VrrpStateMachine fsm = backup(config().build());

        assertThat(fsm.handle(new InterfaceDown(), SECOND))
                .containsExactly(new CancelTimer(Timer.MASTER_DOWN), new BecomeInitialize());
        assertThat(fsm.state()).isEqualTo(VrrpState.INITIALIZE);
        assertThat(fsm.handle(new InterfaceUp(), 2 * SECOND))
                .containsExactly(REARM_MASTER_DOWN, new BecomeBackup());
    }

    @Test
    void interfaceUpDoesNotRestartAShutDownRouter() {
        VrrpStateMachine fsm = backup(config().build());
        fsm.handle(new InterfaceDown(), SECOND);
        fsm.handle(new Shutdown(), SECOND);

        assertThat(fsm.handle(new InterfaceUp(), 2 * SECOND)).isEmpty();
        assertThat(fsm.state()).isEqualTo(VrrpState.INITIALIZE);
    }

    @Test
    void acceptingAdvertsAllocatesNothing() {
        VrrpStateMachine fsm = backup(config().build());

        assertThat(fsm.handle(advert(200), SECOND)).isSameAs(fsm.handle(advert(200), 2 * SECOND));
    }
}
