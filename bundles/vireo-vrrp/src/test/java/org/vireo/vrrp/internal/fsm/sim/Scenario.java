package org.vireo.vrrp.internal.fsm.sim;

import java.util.List;
import org.vireo.vrrp.internal.fsm.FsmConfig;

/**
 * One run, fully determined by its seed. Public, with the simulation, for other bundles' tests (vireo-health's
 * tracking simulation builds its own scenarios).
 *
 * @param preemptEverywhere    every node preempts, so the strong form of invariant 1 applies
 * @param stableWindowMicros   how long after the last fault (with no loss) invariant 1 must hold
 * @param masterGapBoundMicros invariant 4: the longest an eligible running node may go without a Master on the
 *                             LAN; 0 = not checked (it only holds on a loss-free LAN without partitions)
 */
public record Scenario(long seed, List<FsmConfig> nodes, boolean preemptEverywhere, long maxDelayMicros,
                       double duplicateProbability, List<ScheduledFault> faults, long faultPhaseEndMicros,
                       long endMicros, long stableWindowMicros, long masterGapBoundMicros) {

    public String describe() {
        StringBuilder out = new StringBuilder();
        out.append("seed ").append(seed).append(": ").append(nodes.size()).append(" nodes, ")
                .append(nodes.get(0).version()).append(", delay 0..").append(maxDelayMicros).append(" us, duplicate p=")
                .append(String.format("%.3f", duplicateProbability)).append(", stable window ")
                .append(Trace.time(stableWindowMicros)).append(", end ").append(Trace.time(endMicros))
                .append(masterGapBoundMicros > 0 ? ", master gap bound " + Trace.time(masterGapBoundMicros) : "")
                .append('\n');
        for (int i = 0; i < nodes.size(); i++) {
            FsmConfig c = nodes.get(i);
            out.append(String.format("  n%d  %-16s prio %3d  interval %4d cs  preempt %-5s delay %d us%n", i,
                    c.primaryAddress().getHostAddress(), c.basePriority(), c.advertIntervalCentis(), c.preempt(),
                    c.preemptDelayMicros()));
        }
        for (ScheduledFault f : faults) {
            out.append(String.format("  %12s  %s%n", Trace.time(f.atMicros()), f.fault()));
        }
        return out.toString();
    }
}
