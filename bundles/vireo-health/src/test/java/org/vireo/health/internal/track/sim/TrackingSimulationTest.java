package org.vireo.health.internal.track.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.vireo.vrrp.internal.fsm.sim.Fault;
import org.vireo.vrrp.internal.fsm.sim.NodeFsm;
import org.vireo.vrrp.internal.fsm.sim.Scenario;
import org.vireo.vrrp.internal.fsm.sim.SimResult;
import org.vireo.vrrp.internal.fsm.sim.Simulation;

/**
 * Flapping monitors, through rise/fall and the real formula, drive the real VRRP state machine on vireo-vrrp's
 * simulated LAN (see {@link TrackingScenarios}). Checked after every event, besides vireo-vrrp's invariants:
 * INV4, an eligible node never goes without a Master for longer than the bound, and INV1, once EP and LAN have
 * been stable for the stable window, exactly one Master, with the highest EP where every node preempts.
 *
 * <p>{@code -Dhealth.sim.seeds=N} runs seeds 0..N-1; {@code -Dhealth.sim.seed=S} replays one and prints its
 * scenario, the tracked groups and the trace.
 */
class TrackingSimulationTest {
    private static final int SEEDS = 4_000;
    private static final int FAILURES_LISTED = 20;

    @Test
    void flappingMonitorsNeverLeaveAnEligibleClusterWithoutAMasterOrWithTwoOnceStable() {
        String replay = System.getProperty("health.sim.seed");
        if (replay != null && !replay.isBlank()) {
            long seed = Long.parseLong(replay.trim());
            List<TrackingScenarios.Group> groups = new ArrayList<>();
            SimResult result = Simulation.run(TrackingScenarios.generate(seed, groups), NodeFsm::real);
            System.out.println("tracked groups: " + groups + "\n" + result.report());
            assertThat(result.violation()).as("seed %d", seed).isNull();
            return;
        }
        int count = Integer.getInteger("health.sim.seeds", SEEDS);
        List<SimResult> failures = new ArrayList<>();
        long takeovers = 0;
        long convergenceChecks = 0;
        long priorityChanges = 0;
        for (long seed = 0; seed < count; seed++) {
            Scenario scenario = TrackingScenarios.generate(seed);
            priorityChanges += scenario.faults().stream().filter(f -> f.fault() instanceof Fault.PriorityChange)
                    .count();
            SimResult result = Simulation.run(scenario, NodeFsm::real);
            takeovers += result.takeoversChecked();
            convergenceChecks += result.convergenceChecks();
            if (!result.passed()) {
                failures.add(result);
            }
        }
        System.out.printf("tracking simulation: %d seeds, %d priority changes, %d takeovers, %d convergence checks,"
                + " %d failed%n", count, priorityChanges, takeovers, convergenceChecks, failures.size());
        if (!failures.isEmpty()) {
            System.out.println(failures.get(0).report());
            fail(failures.size() + " of " + count + " seeds failed; first " + FAILURES_LISTED + ": "
                    + failures.stream().limit(FAILURES_LISTED).map(r -> r.scenario().seed() + " (" + r.violation()
                    + ")").toList() + "; replay one with -Dtest=TrackingSimulationTest -Dhealth.sim.seed=N");
        }
        // the runs must exercise what they claim to check: many EP changes, takeovers, and stable stretches
        assertThat(priorityChanges).isGreaterThan(10L * count);
        assertThat(takeovers).isGreaterThan(count);
        assertThat(convergenceChecks).isGreaterThan(count);
    }

    @ParameterizedTest
    @EnumSource(TrackingMutant.class)
    void aStateMachineWithATrackingBugIsCaught(TrackingMutant mutant) {
        for (long seed = 0; seed < SEEDS; seed++) {
            SimResult result = Simulation.run(TrackingScenarios.generate(seed), mutant::create);
            if (!result.passed()) {
                System.out.println(mutant + " caught by seed " + seed + ": " + result.violation());
                assertThat(result.violation()).startsWith(mutant.caughtBy);
                return;
            }
        }
        fail(mutant + " survived " + SEEDS + " seeds: the simulation cannot see this bug");
    }
}
