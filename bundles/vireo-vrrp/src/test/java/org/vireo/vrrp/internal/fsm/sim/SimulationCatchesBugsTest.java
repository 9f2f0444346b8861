package org.vireo.vrrp.internal.fsm.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The simulation must be able to fail: each deliberately broken state machine is caught by its invariant. */
class SimulationCatchesBugsTest {
    private static final int SEEDS_TRIED = 2_000;

    @ParameterizedTest
    @EnumSource(Mutant.class)
    void aDeliberateBugIsCaught(Mutant mutant) {
        for (long seed = 0; seed < SEEDS_TRIED; seed++) {
            SimResult result = Simulation.run(ScenarioGenerator.generate(seed), mutant::create);
            if (!result.passed()) {
                System.out.println(mutant + " caught by seed " + seed + ": " + result.violation());
                assertThat(result.violation()).startsWith(mutant.caughtBy);
                return;
            }
        }
        fail(mutant + " survived " + SEEDS_TRIED + " seeds: the simulation cannot see this bug");
    }
}
