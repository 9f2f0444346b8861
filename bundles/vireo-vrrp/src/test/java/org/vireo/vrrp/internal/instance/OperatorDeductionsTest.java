package org.vireo.vrrp.internal.instance;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.vireo.vrrp.PriorityDeduction;
import org.vireo.vrrp.PriorityDeduction.Kind;

class OperatorDeductionsTest {

    private static final Instant SET = Instant.parse("2026-12-04T15:02:11Z");

    @Test
    void withoutOverrideOrResignationTheOperatorTakesNothing() {
        assertThat(OperatorDeductions.of(40, Optional.empty(), Optional.empty())).isEmpty();
    }

    @Test
    void anOverrideTakesTheTrackedPrioritysPlace_aboveItAsANegativeAmount() {
        assertThat(OperatorDeductions.of(40, Optional.of(new OperatorDeductions.Override(150, SET)), Optional.empty()))
            .containsExactly(new PriorityDeduction(Kind.OVERRIDE, "operator", "override 150", -110, false,
                Optional.of(SET)));
        assertThat(OperatorDeductions.of(120, Optional.of(new OperatorDeductions.Override(0, SET)), Optional.empty()))
            .singleElement().satisfies(d -> {
                assertThat(d.amount()).isEqualTo(120);
                assertThat(d.toZero()).isTrue();
            });
    }

    @Test
    void aResignationTakesWhatIsLeftAfterTheOverride() {
        assertThat(OperatorDeductions.of(40, Optional.of(new OperatorDeductions.Override(150, SET)),
            Optional.of(new OperatorDeductions.Resignation(Duration.ofSeconds(600), SET))))
            .extracting(PriorityDeduction::kind, PriorityDeduction::amount, PriorityDeduction::toZero,
                PriorityDeduction::detail)
            .containsExactly(org.assertj.core.groups.Tuple.tuple(Kind.OVERRIDE, -110, false, "override 150"),
                org.assertj.core.groups.Tuple.tuple(Kind.RESIGNATION, 150, true, "resigned for 600 s"));
    }
}
