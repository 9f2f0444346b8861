package org.vireo.vrrp.internal.fsm.sim;

/** The outcome of one run; {@code violation} is null when every invariant held. */
public record SimResult(Scenario scenario, String violation, Trace trace, long takeoversChecked, long convergenceChecks) {

    public boolean passed() {
        return violation == null;
    }

    static String replayCommand(long seed) {
        return "cd /work/vrrp-fsm && mvn -B -o test -Dtest=VrrpSimulationTest -Dvrrp.sim.seed=" + seed;
    }

    public String report() {
        return (passed() ? "PASSED" : "FAILED: " + violation) + "\n"
                + scenario.describe()
                + "trace (" + trace.size() + " entries):\n" + trace.format()
                + (passed() ? "" : "FAILED: " + violation + "\n")
                + "replay: " + replayCommand(scenario.seed()) + "\n";
    }
}
