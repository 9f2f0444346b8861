package org.vireo.vrrp.internal.fsm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.LOCAL;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.SECOND;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.advert;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.config;

import org.junit.jupiter.api.Test;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmAction.BecomeBackup;
import org.vireo.vrrp.internal.fsm.FsmAction.BecomeMaster;
import org.vireo.vrrp.internal.fsm.FsmAction.SendAdvert;
import org.vireo.vrrp.internal.fsm.FsmAction.StartTimer;
import org.vireo.vrrp.internal.fsm.FsmEvent.InterfaceDown;
import org.vireo.vrrp.internal.fsm.FsmEvent.InterfaceUp;
import org.vireo.vrrp.internal.fsm.FsmEvent.PriorityChanged;
import org.vireo.vrrp.internal.fsm.FsmEvent.Shutdown;
import org.vireo.vrrp.internal.fsm.FsmEvent.Startup;
import org.vireo.vrrp.internal.fsm.FsmEvent.TimerFired;

/** RFC 5798 6.4.1 and every other event while in Initialize. */
class InitializeStateTest {

    @Test
    void startupOfANonOwnerArmsMasterDownAndGoesBackup() {
        VrrpStateMachine fsm = new VrrpStateMachine(config().build());

        assertThat(fsm.handle(new Startup(), 0))
                .containsExactly(new StartTimer(Timer.MASTER_DOWN, 3_609_375), new BecomeBackup());
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
        assertThat(fsm.masterAdverIntervalCentis()).isEqualTo(100);
        assertThat(fsm.skewTimeMicros()).isEqualTo(609_375);
        assertThat(fsm.masterDownIntervalMicros()).isEqualTo(3_609_375);
        assertThat(fsm.masterAddress()).isEmpty();
    }

    @Test
    void startupOfTheOwnerClaimsThenAdvertisesAndArmsAdver() {
        VrrpStateMachine fsm = new VrrpStateMachine(config().basePriority(255).acceptMode(true).build());

        assertThat(fsm.handle(new Startup(), 0)).containsExactly(
                new BecomeMaster(true), new StartTimer(Timer.CLAIM, SECOND));
        assertThat(fsm.handle(new FsmEvent.AddressesClaimed(), 1_000)).containsExactly(
                new FsmAction.CancelTimer(Timer.CLAIM), new SendAdvert(255, 100), new StartTimer(Timer.ADVER, SECOND));
        assertThat(fsm.state()).isEqualTo(VrrpState.MASTER);
        assertThat(fsm.masterAddress()).contains(LOCAL);
    }

    @Test
    void anOwnerWhosePriorityWasLoweredStartsAsBackup() {
        VrrpStateMachine fsm = new VrrpStateMachine(config().basePriority(255).build());
        fsm.handle(new PriorityChanged(200), 0);

        fsm.handle(new Startup(), 0);

        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
    }

    @Test
    void everythingButStartupIsIgnored() {
        VrrpStateMachine fsm = new VrrpStateMachine(config().build());

        assertThat(fsm.handle(new Shutdown(), 0)).isEmpty();
        assertThat(fsm.handle(advert(200), 0)).isEmpty();
        assertThat(fsm.handle(advert(0), 0)).isEmpty();
        assertThat(fsm.handle(TimerFired.of(Timer.ADVER), 0)).isEmpty();
        assertThat(fsm.handle(TimerFired.of(Timer.MASTER_DOWN), 0)).isEmpty();
        assertThat(fsm.handle(new InterfaceUp(), 0)).isEmpty();
        assertThat(fsm.handle(new InterfaceDown(), 0)).isEmpty();
        assertThat(fsm.state()).isEqualTo(VrrpState.INITIALIZE);
    }

    @Test
    void priorityChangeIsRememberedForLater() {
        VrrpStateMachine fsm = new VrrpStateMachine(config().build());

        assertThat(fsm.handle(new PriorityChanged(200), 0)).isEmpty();

        assertThat(fsm.effectivePriority()).isEqualTo(200);
        assertThat(fsm.skewTimeMicros()).isEqualTo(218_750);
        assertThat(fsm.handle(new Startup(), 0)).contains(new StartTimer(Timer.MASTER_DOWN, 3_218_750));
    }

    @Test
    void startupWaitsForTheLinkAndInterfaceUpWaitsForStartup() {
        VrrpStateMachine fsm = new VrrpStateMachine(config().build());
        fsm.handle(new InterfaceDown(), 0);

        assertThat(fsm.handle(new Startup(), 0)).isEmpty();
        assertThat(fsm.state()).isEqualTo(VrrpState.INITIALIZE);
        assertThat(fsm.handle(new InterfaceUp(), SECOND)).containsExactly(
                new StartTimer(Timer.MASTER_DOWN, 3_609_375), new BecomeBackup());
        assertThat(fsm.state()).isEqualTo(VrrpState.BACKUP);
    }

    @Test
    void timeMustNotGoBackwards() {
        VrrpStateMachine fsm = new VrrpStateMachine(config().build());
        fsm.handle(new Startup(), 5 * SECOND);

        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> fsm.handle(advert(100), SECOND))
                .withMessageContaining("before the previous event");
    }
}
