package org.vireo.vrrp.internal.fsm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.SECOND;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.advert;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.config;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.ip;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.master;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmAction.BecomeBackup;
import org.vireo.vrrp.internal.fsm.FsmAction.BecomeInitialize;
import org.vireo.vrrp.internal.fsm.FsmAction.CancelTimer;
import org.vireo.vrrp.internal.fsm.FsmAction.SendAdvert;
import org.vireo.vrrp.internal.fsm.FsmAction.StartTimer;
import org.vireo.vrrp.internal.fsm.FsmEvent.AdvertReceived;
import org.vireo.vrrp.internal.fsm.FsmEvent.InterfaceDown;
import org.vireo.vrrp.internal.fsm.FsmEvent.InterfaceUp;
import org.vireo.vrrp.internal.fsm.FsmEvent.Shutdown;
import org.vireo.vrrp.internal.fsm.FsmEvent.Startup;
import org.vireo.vrrp.internal.fsm.FsmEvent.TimerFired;

/** RFC 5798 6.4.3 and every other event while Master (priority 100, 10.0.0.100, interval 1 s). */
class MasterStateTest {
    private static final List<FsmAction> ADVERTISE_AND_REARM =
            List.of(new SendAdvert(100, 100), new StartTimer(Timer.ADVER, SECOND));
    private static final long T = 11 * SECOND;

    @Test
    void adverTimerSendsAndRearmsWithoutAllocating() {
        VrrpStateMachine fsm = master(config().build());

        List<FsmAction> first = fsm.handle(TimerFired.of(Timer.ADVER), T);
        assertThat(first).isEqualTo(ADVERTISE_AND_REARM);
        assertThat(fsm.handle(TimerFired.of(Timer.ADVER), T + SECOND)).isSameAs(first);
        assertThat(fsm.state()).isEqualTo(VrrpState.MASTER);
    }

    @Test
    void shutdownCancelsAdverSendsPriorityZeroAndGoesInitialize() {
        VrrpStateMachine fsm = master(config().build());

        assertThat(fsm.handle(new Shutdown(), T))
                .containsExactly(new CancelTimer(Timer.ADVER), new SendAdvert(0, 100), new BecomeInitialize());
        assertThat(fsm.state()).isEqualTo(VrrpState.INITIALIZE);
    }

    @Test
    void priorityZeroAdvertIsAnsweredAtOnce() {
        VrrpStateMachine fsm = master(config().build());

        assertThat(fsm.handle(advert(0), T)).isEqualTo(ADVERTISE_AND_REARM);
        assertThat(fsm.state()).isEqualTo(VrrpState.MASTER);
    }

    @Test
    void higherPriorityAdvertSendsUsToBackupWithTheLearnedInterval() {
        VrrpStateMachine fsm = master(config().build());

        assertThat(fsm.handle(new AdvertReceived(101, 200, ip("10.0.0.1")), T)).containsExactly(
                new CancelTimer(Timer.ADVER), new StartTimer(Timer.MASTER_DOWN, 7_218_750), new BecomeBackup());
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
        assertThat(fsm.masterAdverIntervalCentis()).isEqualTo(200);
        assertThat(fsm.masterAddress()).contains(ip("10.0.0.1"));
    }

    @Test
    void aLowerMastersAdvertIsASplitBrain_reportedOnce_answeredAtOnce_overWhenItFallsSilent() {
        VrrpStateMachine fsm = master(config().build());
        StartTimer watch = new StartTimer(Timer.SPLIT_BRAIN, 3_609_375); // Master_Down_Interval at priority 100

        assertThat(fsm.handle(advert(99, "10.0.0.250"), T)).containsExactly(
                new FsmAction.SplitBrainDetected(ip("10.0.0.250"), 99), watch, new SendAdvert(100, 100),
                new StartTimer(Timer.ADVER, SECOND));
        assertThat(fsm.handle(advert(99, "10.0.0.250"), T + SECOND)).containsExactly(watch);
        assertThat(fsm.handle(TimerFired.of(Timer.SPLIT_BRAIN), T + 5 * SECOND))
                .containsExactly(new FsmAction.SplitBrainEnded(ip("10.0.0.250"), true));
        assertThat(fsm.handle(TimerFired.of(Timer.SPLIT_BRAIN), T + 9 * SECOND)).isEmpty();
        assertThat(fsm.state()).isEqualTo(VrrpState.MASTER);
    }

    /**
     * A take-back: this router (100) preempts the master at 99. That master's advert sent before it heard ours is no
     * split brain; one an interval later is (it did not yield: ours do not reach it).
     */
    @Test
    void thePreemptedMastersLastAdvertIsNoSplitBrain_butOneAnIntervalAfterOursIs() {
        VrrpStateMachine fsm = FsmFixtures.backup(config().build());
        fsm.handle(advert(99, "10.0.0.250"), SECOND); // discarded: preempting
        fsm.handle(TimerFired.of(Timer.MASTER_DOWN), 4 * SECOND);
        assertThat(fsm.handle(advert(99, "10.0.0.250"), 4 * SECOND + 1)).isEmpty(); // before the claim
        fsm.handle(new FsmEvent.AddressesClaimed(), 4 * SECOND + 2);

        assertThat(fsm.handle(advert(99, "10.0.0.250"), 4 * SECOND + 3_000)).isEqualTo(ADVERTISE_AND_REARM);
        assertThat(fsm.handle(advert(99, "10.0.0.251"), 4 * SECOND + 4_000)).startsWith(
                new FsmAction.SplitBrainDetected(ip("10.0.0.251"), 99)); // another router: two masters
        VrrpStateMachine again = FsmFixtures.backup(config().build());
        again.handle(advert(99, "10.0.0.250"), SECOND);
        again.handle(TimerFired.of(Timer.MASTER_DOWN), 4 * SECOND);
        again.handle(new FsmEvent.AddressesClaimed(), 4 * SECOND);
        assertThat(again.handle(advert(99, "10.0.0.250"), 5 * SECOND + 1)).startsWith(
                new FsmAction.SplitBrainDetected(ip("10.0.0.250"), 99));
    }

    @Test
    void aSplitBrainEndsWhenThisRouterLeavesMaster() {
        VrrpStateMachine fsm = master(config().build());
        fsm.handle(advert(99, "10.0.0.250"), T);

        assertThat(fsm.handle(new Shutdown(), T + SECOND)).containsExactly(new CancelTimer(Timer.ADVER),
                new SendAdvert(0, 100), new BecomeInitialize(), new CancelTimer(Timer.SPLIT_BRAIN),
                new FsmAction.SplitBrainEnded(ip("10.0.0.250"), false));
        assertThat(fsm.handle(TimerFired.of(Timer.SPLIT_BRAIN), T + 5 * SECOND)).isEmpty();
    }

    @Test
    void equalPriorityYieldsOnlyToAHigherPrimaryAddressComparedUnsigned() {
        VrrpStateMachine low = master(FsmConfig.builder(7, ip("10.0.0.5")).build());
        VrrpStateMachine high = master(FsmConfig.builder(7, ip("10.0.0.200")).build());

        assertThat(high.handle(advert(100, "10.0.0.5"), T)).startsWith(
                new FsmAction.SplitBrainDetected(ip("10.0.0.5"), 100)); // keeps mastership: the other yields
        assertThat(high.state()).isEqualTo(VrrpState.MASTER);
        assertThat(low.handle(advert(100, "10.0.0.200"), T)).endsWith(new BecomeBackup());
        assertThat(low.state()).isEqualTo(VrrpState.BACKUP);
    }

    @Test
    void equalPriorityTieBreakWorksForIpv6() {
        VrrpStateMachine fsm = master(FsmConfig.builder(7, ip("fe80::7fff")).build());

        assertThat(fsm.handle(advert(100, "fe80::8000"), T)).endsWith(new BecomeBackup());
    }

    @Test
    void staleMasterDownStartupAndInterfaceUpAreIgnored() {
        VrrpStateMachine fsm = master(config().build());

        assertThat(fsm.handle(TimerFired.of(Timer.MASTER_DOWN), T)).isEmpty();
        assertThat(fsm.handle(new Startup(), T)).isEmpty();
        assertThat(fsm.handle(new InterfaceUp(), T)).isEmpty();
        assertThat(fsm.state()).isEqualTo(VrrpState.MASTER);
    }

    @Test
    void interfaceDownStopsWithoutSending() {
        VrrpStateMachine fsm = master(config().build());

        assertThat(fsm.handle(new InterfaceDown(), T))
                .containsExactly(new CancelTimer(Timer.ADVER), new BecomeInitialize());
        assertThat(fsm.state()).isEqualTo(VrrpState.INITIALIZE);
    }
}
