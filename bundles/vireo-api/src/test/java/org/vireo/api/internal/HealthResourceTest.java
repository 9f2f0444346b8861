package org.vireo.api.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import org.vireo.node.ReadinessCondition;

class HealthResourceTest {

    @Test
    void readyWhenEveryConditionIsMet() {
        assertThat(HealthResource.of(List.of(Optional::empty, Optional::empty)))
            .isEqualTo(new HealthResource.Health(true, List.of()));
        assertThat(HealthResource.of(List.of())).isEqualTo(new HealthResource.Health(true, List.of()));
    }

    @Test
    void notReadyNamesWhatItWaitsFor_andAConditionThatFailsIsWaitedFor() {
        ReadinessCondition broken = () -> {
            throw new IllegalStateException("no registry");
        };

        HealthResource.Health h = HealthResource.of(List.of(Optional::empty,
            () -> Optional.of("balancer: listeners not set up yet"), broken));

        assertThat(h.ready()).isFalse();
        assertThat(h.waitingFor()).containsExactly("balancer: listeners not set up yet",
            "a readiness condition failed (java.lang.IllegalStateException: no registry)");
    }
}
