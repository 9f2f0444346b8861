package org.vireo.vrrp.internal.syncgroup;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

import org.junit.jupiter.api.Test;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.syncgroup.SyncGroupRule.Cap;
import org.vireo.vrrp.internal.syncgroup.SyncGroupRule.Member;

class SyncGroupRuleTest {

    private static Member master(String name, int base) {
        return new Member(name, true, VrrpState.MASTER, base, base, OptionalInt.empty());
    }

    private static Member backup(String name, int base, int own, Integer followed) {
        return new Member(name, true, VrrpState.BACKUP, base, own,
            followed == null ? OptionalInt.empty() : OptionalInt.of(followed));
    }

    private static Map<String, Optional<Cap>> caps(Member... members) {
        return SyncGroupRule.caps("dual", List.of(members));
    }

    @Test
    void membersThatCanAllBeMasterAreLeftAlone() {
        assertThat(caps(master("v4", 150), master("v6", 150))).containsOnly(Map.entry("v4", Optional.empty()),
            Map.entry("v6", Optional.empty()));
        // backups with nobody better to follow: they may all take over
        assertThat(caps(backup("v4", 150, 150, null), backup("v6", 150, 150, 100)).values())
            .containsOnly(Optional.empty());
    }

    @Test
    void aMemberInFaultHoldsTheOthersAtZero() {
        Member fault = new Member("v6", true, VrrpState.FAULT, 150, 150, OptionalInt.empty());
        assertThat(caps(master("v4", 150), fault)).containsOnly(
            Map.entry("v4", Optional.of(new Cap("dual", 0, "v6 is in FAULT"))),
            Map.entry("v6", Optional.empty()));
    }

    @Test
    void aMemberThatDoesNotRunHereOrIsStartingHoldsTheOthersAtZero() {
        assertThat(caps(master("v4", 150), Member.absent("v6"))).containsOnly(
            Map.entry("v4", Optional.of(new Cap("dual", 0, "v6 does not run on this node"))));
        Member starting = new Member("v6", true, VrrpState.INITIALIZE, 150, 150, OptionalInt.empty());
        assertThat(caps(master("v4", 150), starting).get("v4"))
            .hasValue(new Cap("dual", 0, "v6 is starting"));
    }

    /** The peer took one member's VIP with a better priority: the others hand theirs over too. */
    @Test
    void aBackupThatFollowsABetterLiveMasterHoldsTheOthersAtZero() {
        assertThat(caps(backup("v4", 150, 150, 200), master("v6", 150)).get("v6"))
            .hasValue(new Cap("dual", 0, "v4 follows a live master at priority 200"));
        // an equal one too: it would not preempt it
        assertThat(caps(backup("v4", 150, 150, 150), master("v6", 150)).get("v6")).isPresent();
        // a lower one it preempts: no hold
        assertThat(caps(backup("v4", 150, 150, 100), master("v6", 150)).get("v6")).isEmpty();
    }

    /**
     * A member held at 0 that follows its (lower) peer does not hold the others in turn: it is its own priority
     * that says whether it would preempt. Else two members would hold each other at 0 for good.
     */
    @Test
    void aHeldMemberDoesNotHoldTheOthers() {
        Member held = backup("v6", 150, 150, 100); // held at 0 by v4, following the peer's 100
        Member deferring = backup("v4", 150, 150, 200);
        Map<String, Optional<Cap>> caps = caps(deferring, held);
        assertThat(caps.get("v6")).isPresent();
        assertThat(caps.get("v4")).isEmpty();

        // both follow better masters: each holds the other, until a master goes silent
        assertThat(caps(backup("v4", 150, 150, 200), backup("v6", 150, 150, 200)).values())
            .allMatch(Optional::isPresent);
    }

    @Test
    void healthTrackingThatLowersOneMemberLowersTheOthersInProportion() {
        Member tracked = new Member("v4", true, VrrpState.MASTER, 150, 75, OptionalInt.empty());
        Map<String, Optional<Cap>> caps = caps(tracked, master("v6", 100));
        assertThat(caps.get("v6")).hasValue(new Cap("dual", 50, "v4 is at priority 75 of 150"));
        assertThat(caps.get("v4")).isEmpty();

        Member down = new Member("v4", true, VrrpState.BACKUP, 150, 0, OptionalInt.empty());
        assertThat(caps(down, master("v6", 100)).get("v6"))
            .hasValue(new Cap("dual", 0, "v4 is at priority 0 of 150"));
    }
}
