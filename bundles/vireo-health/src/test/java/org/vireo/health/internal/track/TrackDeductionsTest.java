package org.vireo.health.internal.track;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.vireo.health.Health;
import org.vireo.health.TrackMode;
import org.vireo.health.internal.track.TrackDeductions.MonitorState;
import org.vireo.vrrp.PriorityDeduction;
import org.vireo.vrrp.PriorityDeduction.Kind;

class TrackDeductionsTest {

    private static final Instant SINCE = Instant.parse("2026-12-04T15:02:11Z");

    private static MonitorState up(String name) {
        return new MonitorState(name, Optional.of(Health.UP), Optional.of(SINCE));
    }

    private static MonitorState down(String name) {
        return new MonitorState(name, Optional.of(Health.DOWN), Optional.of(SINCE));
    }

    private static MonitorState missing(String name) {
        return new MonitorState(name, Optional.empty(), Optional.empty());
    }

    private static int sum(List<PriorityDeduction> deductions) {
        return deductions.stream().mapToInt(PriorityDeduction::amount).sum();
    }

    @Test
    void eachMonitorAndInterfaceDownSaysWhatItTakes_andTheAmountsAddUpToTheFormulas() {
        // api.md's example: BP 120, PROGRESSIVE, web up, ghost missing, uplink9 (weight 20) down: EP 40
        Map<String, Integer> weights = Map.of("uplink9", 20);
        List<PriorityDeduction> d = TrackDeductions.of(TrackMode.PROGRESSIVE, 120, List.of(up("web"),
            missing("ghost")), weights, Map.of("uplink9", Optional.of(SINCE)));

        assertThat(d).extracting(PriorityDeduction::kind, PriorityDeduction::name, PriorityDeduction::amount,
            PriorityDeduction::toZero, PriorityDeduction::detail).containsExactly(
                tuple(Kind.MONITOR, "ghost", 60, false, "missing (not configured on this node)"),
                tuple(Kind.INTERFACE, "uplink9", 20, false, "down (weight 20)"));
        assertThat(d.get(1).since()).contains(SINCE);
        assertThat(120 - sum(d)).isEqualTo(EffectivePriorityFormula.effectivePriority(TrackMode.PROGRESSIVE, 120, 2,
            1, 20));
    }

    @Test
    void inModeAllEveryMonitorDownTakesThePriorityToZero_sharingTheBase() {
        List<PriorityDeduction> d = TrackDeductions.of(TrackMode.ALL, 101, List.of(down("web"), up("db"),
            down("dns")), Map.of(), Map.of());

        assertThat(d).extracting(PriorityDeduction::name, PriorityDeduction::amount, PriorityDeduction::toZero,
            PriorityDeduction::since).containsExactly(tuple("web", 51, true, Optional.of(SINCE)),
                tuple("dns", 50, true, Optional.of(SINCE)));
    }

    @Test
    void aMonitorDownThatTakesNothingInModeOneIsListedWithZero() {
        List<PriorityDeduction> d = TrackDeductions.of(TrackMode.ONE, 100, List.of(down("web"), up("db")),
            Map.of(), Map.of());

        assertThat(d).extracting(PriorityDeduction::name, PriorityDeduction::amount, PriorityDeduction::toZero)
            .containsExactly(tuple("web", 0, false));
    }

    @Test
    void anInterfaceTakesOnlyWhatIsLeft_andAnUnknownMonitorSaysSo() {
        Map<String, Integer> weights = new LinkedHashMap<>();
        weights.put("eth1", 30);
        weights.put("eth2", 30);
        List<PriorityDeduction> d = TrackDeductions.of(TrackMode.PROGRESSIVE, 100, List.of(up("web"),
            new MonitorState("db", Optional.of(Health.UNKNOWN), Optional.empty())), weights,
            Map.of("eth1", Optional.empty(), "eth2", Optional.empty()));

        assertThat(d).extracting(PriorityDeduction::name, PriorityDeduction::amount, PriorityDeduction::detail)
            .containsExactly(tuple("db", 50, "unknown (no check finished yet)"), tuple("eth1", 30, "down (weight 30)"),
                tuple("eth2", 20, "down (weight 30)"));
        assertThat(sum(d)).isEqualTo(100);
    }

    @Test
    void aRefusedConfigurationsHoldIsItsOwnKind() {
        TrackOptions held = TrackOptions.holding("vip1");
        List<PriorityDeduction> d = TrackDeductions.of(held.mode(), 150, List.of(missing(TrackOptions.REFUSED)),
            held.interfaceWeights(), Map.of());

        assertThat(d).extracting(PriorityDeduction::kind, PriorityDeduction::amount, PriorityDeduction::toZero)
            .containsExactly(tuple(Kind.CONFIGURATION, 150, true));
    }

    @Test
    void nothingDownTakesNothing() {
        assertThat(TrackDeductions.of(TrackMode.ALL, 100, List.of(up("web")), Map.of("eth1", 10), Map.of()))
            .isEmpty();
    }
}
