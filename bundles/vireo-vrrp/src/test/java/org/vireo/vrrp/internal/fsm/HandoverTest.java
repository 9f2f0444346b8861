package org.vireo.vrrp.internal.fsm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.SECOND;
import static org.vireo.vrrp.internal.fsm.FsmFixtures.ip;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmAction.SendAdvert;
import org.vireo.vrrp.internal.fsm.FsmAction.StartTimer;
import org.vireo.vrrp.internal.fsm.FsmEvent.AdvertReceived;

/** Two state machines wired by hand: a graceful shutdown hands over after Skew_Time, not Master_Down_Interval. */
class HandoverTest {

    @Test
    void shutdownsPriorityZeroAdvertLetsTheBackupTakeOverAfterSkewTime() {
        VrrpStateMachine master = FsmFixtures.master(FsmConfig.builder(7, ip("10.0.0.1")).basePriority(200).build());
        VrrpStateMachine backup = FsmFixtures.backup(FsmConfig.builder(7, ip("10.0.0.2")).build());
        backup.handle(new AdvertReceived(200, 100, ip("10.0.0.1")), 11 * SECOND);

        List<FsmAction> leaving = master.handle(new FsmEvent.Shutdown(), 12 * SECOND);
        SendAdvert farewell = (SendAdvert) leaving.get(1);
        AdvertReceived delivered =
                new AdvertReceived(farewell.priority(), farewell.maxAdverIntervalCentis(), ip("10.0.0.1"));
        List<FsmAction> reaction = backup.handle(delivered, 12 * SECOND);

        assertThat(farewell.priority()).isZero();
        assertThat(reaction).containsExactly(new StartTimer(Timer.MASTER_DOWN, 609_375));
        backup.handle(FsmEvent.TimerFired.of(Timer.MASTER_DOWN), 12 * SECOND + 609_375);
        assertThat(backup.state()).isEqualTo(VrrpState.MASTER);
        assertThat(master.state()).isEqualTo(VrrpState.INITIALIZE);
    }
}
