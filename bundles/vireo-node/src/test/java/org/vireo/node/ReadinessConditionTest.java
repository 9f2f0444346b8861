package org.vireo.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class ReadinessConditionTest {

    @Test
    void whatEachConditionWaitsForInOrder_andAFailingOneIsWaitedForByItsFailure() {
        ReadinessCondition broken = () -> {
            throw new IllegalStateException("no registry");
        };

        assertThat(ReadinessCondition.allWaitingFor(List.of(Optional::empty, () -> Optional.of("balancer: not armed"),
            broken))).containsExactly("balancer: not armed",
            "a readiness condition failed (java.lang.IllegalStateException: no registry)");
        assertThat(ReadinessCondition.allWaitingFor(List.of(Optional::empty))).isEmpty();
    }
}
