package org.vireo.vrrp.internal.fsm.sim;

/** The outcome of one run; {@code violation} is null when every invariant held. */
record SimResult(Scenario scenario, String violation, Trace trace, long takeoversChecked, long convergenceChecks) {

    boolean passed() {
        return violation == null;
    }

    static String replayCommand(long seed) {
        return "cd /work/vrrp-fsm && mvn -B -o test -Dtest=VrrpSimulationTest -Dvrrp.sim.seed=" + seed;
    }

    String report() {
        return (passed() ? "PASSED" : "FAILED: " + violation) + "\n"
                + scenario.describe()
                + "trace (" + trace.size() + " entries):\n" + trace.format()
                + (passed() ? "" : "FAILED: " + violation + "\n")
                + "replay: " + replayCommand(scenario.seed()) + "\n";
    }
}
