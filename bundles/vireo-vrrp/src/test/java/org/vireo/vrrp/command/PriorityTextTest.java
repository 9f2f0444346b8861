package org.vireo.vrrp.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.time.Instant;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.vireo.vrrp.PriorityDeduction;
import org.vireo.vrrp.PriorityDeduction.Kind;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.VrrpTransition;

class PriorityTextTest {

    private static final Instant AT = Instant.parse("2026-12-04T15:02:11Z");

    @Test
    void aDeductionSaysWhatItIsWhatItTakesAndSinceWhen() {
        PriorityDeduction web = new PriorityDeduction(Kind.MONITOR, "web", "down", 60, false, Optional.of(AT));

        assertThat(PriorityText.what(web)).isEqualTo("monitor web");
        assertThat(PriorityText.amount(web)).isEqualTo("-60: down (since 2026-12-04T15:02:11Z)");
    }

    @Test
    void aDeductionToZeroAndAnOverrideThatRaisesSaySo() {
        assertThat(PriorityText.amount(new PriorityDeduction(Kind.MONITOR, "db", "missing (not configured on this"
            + " node)", 120, true, Optional.empty()))).isEqualTo("to 0 (-120): missing (not configured on this node)");
        assertThat(PriorityText.amount(new PriorityDeduction(Kind.OVERRIDE, "operator", "override 150", -30, false,
            Optional.empty()))).isEqualTo("+30: override 150");
    }

    @Test
    void aTransitionSaysFromToWhenWhyAndThePeer() throws Exception {
        VrrpTransition t = new VrrpTransition(VrrpState.BACKUP, VrrpState.MASTER, AT,
            "no advert from the master 192.0.2.2 for Master_Down_Interval",
            Optional.of(InetAddress.getByName("192.0.2.2")));

        assertThat(PriorityText.transition(t)).isEqualTo("BACKUP -> MASTER at 2026-12-04T15:02:11Z: no advert from"
            + " the master 192.0.2.2 for Master_Down_Interval [peer 192.0.2.2]");
    }
}
