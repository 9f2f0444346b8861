package org.vireo.vrrp.internal.fsm.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Runs the state machine through thousands of seeded fault schedules and checks the invariants of
 * {@link InvariantChecker}.
 *
 * <p>{@code -Dvrrp.sim.seeds=N} runs seeds 0..N-1 (plus {@code -Dvrrp.sim.firstSeed=S} to start elsewhere);
 * {@code -Dvrrp.sim.seed=S} replays one seed and prints its scenario and full trace.
 */
class VrrpSimulationTest {
    private static final int FIXED_SEED_COUNT = 2_000;
    private static final int FAILURES_LISTED = 20;

    @Test
    void seededFaultSchedulesKeepTheInvariants() {
        String replay = System.getProperty("vrrp.sim.seed");
        if (replay != null && !replay.isBlank()) {
            replay(Long.parseLong(replay.trim()));
            return;
        }
        int count = Integer.getInteger("vrrp.sim.seeds", FIXED_SEED_COUNT);
        long first = Long.getLong("vrrp.sim.firstSeed", 0L);
        List<SimResult> failures = new ArrayList<>();
        long takeovers = 0;
        long convergenceChecks = 0;
        long started = System.nanoTime();
        for (long seed = first; seed < first + count; seed++) {
            SimResult result = Simulation.run(ScenarioGenerator.generate(seed), NodeFsm::real);
            takeovers += result.takeoversChecked();
            convergenceChecks += result.convergenceChecks();
            if (!result.passed()) {
                failures.add(result);
            }
        }
        System.out.printf("VRRP simulation: seeds %d..%d, %d takeovers checked, %d convergence checks, "
                        + "%d failed, %d ms%n", first, first + count - 1, takeovers, convergenceChecks,
                failures.size(), (System.nanoTime() - started) / 1_000_000);
        if (!failures.isEmpty()) {
            SimResult firstFailure = failures.get(0);
            System.out.println(firstFailure.report());
            fail(failures.size() + " of " + count + " seeds failed; first " + FAILURES_LISTED + ": "
                    + failures.stream().limit(FAILURES_LISTED).map(r -> r.scenario().seed() + " (" + r.violation()
                    + ")").toList() + "\nfull trace of seed " + firstFailure.scenario().seed()
                    + " printed above; replay one seed with: "
                    + SimResult.replayCommand(firstFailure.scenario().seed()));
        }
        // The runs must actually exercise what they claim to check.
        assertThat(takeovers).isGreaterThan(count);
        assertThat(convergenceChecks).isGreaterThan(count);
    }

    @Test
    void aSeedReplaysIdentically() {
        String first = Simulation.run(ScenarioGenerator.generate(7), NodeFsm::real).report();
        String second = Simulation.run(ScenarioGenerator.generate(7), NodeFsm::real).report();

        assertThat(second).isEqualTo(first).contains("Crash", "TimerFired", "AdvertReceived");
    }

    private static void replay(long seed) {
        SimResult result = Simulation.run(ScenarioGenerator.generate(seed), NodeFsm::real);
        System.out.println(result.report());
        if (!result.passed()) {
            fail("seed " + seed + ": " + result.violation());
        }
    }
}
