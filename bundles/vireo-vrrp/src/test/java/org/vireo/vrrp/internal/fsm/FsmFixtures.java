package org.vireo.vrrp.internal.fsm;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmEvent.AdvertReceived;

/** Shared helpers: literal addresses, configs, and state machines driven into a given state. */
final class FsmFixtures {
    static final long SECOND = 1_000_000L;
    static final InetAddress LOCAL = ip("10.0.0.100");
    static final InetAddress PEER = ip("10.0.0.7");

    private FsmFixtures() {
    }

    static InetAddress ip(String literal) {
        try {
            return InetAddress.getByName(literal); // a literal never touches DNS
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(literal, e);
        }
    }

    static FsmConfig.Builder config() {
        return FsmConfig.builder(7, LOCAL);
    }

    static AdvertReceived advert(int priority) {
        return new AdvertReceived(priority, 100, PEER);
    }

    static AdvertReceived advert(int priority, String sender) {
        return new AdvertReceived(priority, 100, ip(sender));
    }

    /** Started at t=0 and, for a non-owner, now Backup. */
    static VrrpStateMachine backup(FsmConfig config) {
        VrrpStateMachine fsm = new VrrpStateMachine(config);
        fsm.handle(new FsmEvent.Startup(), 0);
        if (fsm.state() != VrrpState.BACKUP) {
            throw new IllegalStateException("expected BACKUP, was " + fsm.state());
        }
        return fsm;
    }

    /** Started at t=0, taken over when the Master_Down_Timer fired at t=10 s, its addresses claimed at once. */
    static VrrpStateMachine master(FsmConfig config) {
        VrrpStateMachine fsm = backup(config);
        fsm.handle(FsmEvent.TimerFired.of(Timer.MASTER_DOWN), 10 * SECOND);
        fsm.handle(new FsmEvent.AddressesClaimed(), 10 * SECOND);
        if (fsm.state() != VrrpState.MASTER) {
            throw new IllegalStateException("expected MASTER, was " + fsm.state());
        }
        return fsm;
    }
}
