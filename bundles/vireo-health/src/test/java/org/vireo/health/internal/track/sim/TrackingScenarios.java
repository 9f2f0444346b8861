package org.vireo.health.internal.track.sim;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Random;

import org.vireo.health.Health;
import org.vireo.health.TrackMode;
import org.vireo.health.internal.monitor.RiseFall;
import org.vireo.health.internal.track.EffectivePriorityFormula;
import org.vireo.vrrp.internal.fsm.FsmConfig;
import org.vireo.vrrp.internal.fsm.ProtocolVersion;
import org.vireo.vrrp.internal.fsm.sim.ExpectedTimes;
import org.vireo.vrrp.internal.fsm.sim.Fault;
import org.vireo.vrrp.internal.fsm.sim.Scenario;
import org.vireo.vrrp.internal.fsm.sim.ScenarioGenerator;
import org.vireo.vrrp.internal.fsm.sim.ScheduledFault;

/**
 * Turns a seed into a tracking scenario for vireo-vrrp's simulation: 2-4 nodes on one VRID on a loss-free,
 * connected LAN (0-5 ms delay, some duplication), each with a tracked group of 1-4 monitors in a random mode.
 * Every monitor checks at its own interval with results in random up/down spells (short flaps, and spells long
 * enough to cross rise or fall); the results go through the rise/fall rule and the real formula, and each change
 * of a node's EP becomes a PriorityChange at that check's time. After the flapping phase every monitor keeps one
 * result, so EP settles and the stable window can pass.
 */
final class TrackingScenarios {
    private static final long SECOND = ScenarioGenerator.SECOND;
    private static final long FLAP_PHASE_END = 40 * SECOND;
    private static final long START_WINDOW = 3 * SECOND;
    private static final int VRID = 7;

    /** One node's tracked group, for the failure report. */
    record Group(TrackMode mode, List<MonitorPlan> monitors) {
    }

    record MonitorPlan(long intervalMicros, long offsetMicros, int rise, int fall) {
    }

    private TrackingScenarios() {
    }

    static Scenario generate(long seed) {
        return generate(seed, new ArrayList<>());
    }

    /** As {@link #generate(long)}, and fills {@code groups} with each node's tracked group. */
    static Scenario generate(long seed, List<Group> groups) {
        Random random = new Random(seed);
        int count = 2 + random.nextInt(3);
        ProtocolVersion version = random.nextInt(10) < 7 ? ProtocolVersion.V3 : ProtocolVersion.V2;
        boolean preempt = random.nextInt(5) != 0;
        long preemptDelay = preempt && random.nextInt(5) == 0 ? (200 + random.nextInt(2_800)) * 1_000L : 0;
        int[] priorities = ScenarioGenerator.priorities(random, count);
        int[] intervals = ScenarioGenerator.intervals(random, count, version);
        List<InetAddress> addresses = ScenarioGenerator.addresses(random, count, false);
        List<FsmConfig> nodes = new ArrayList<>();
        List<ScheduledFault> faults = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            nodes.add(FsmConfig.builder(VRID, addresses.get(i)).version(version).basePriority(priorities[i])
                    .advertIntervalCentis(intervals[i]).preempt(preempt).preemptDelayMicros(preemptDelay)
                    .acceptMode(random.nextBoolean()).build());
            faults.add(new ScheduledFault(random.nextInt((int) START_WINDOW), new Fault.Start(i)));
        }
        long lastChange = 0;
        for (int i = 0; i < count; i++) {
            Group group = group(random);
            groups.add(group);
            lastChange = Math.max(lastChange, priorityChanges(random, i, priorities[i], group, faults));
        }
        faults.sort(Comparator.comparingLong(ScheduledFault::atMicros)); // stable: a node's EP is set before it starts
        long maxDelay = random.nextInt(5_001);
        double duplicates = random.nextInt(3) == 0 ? 0 : 0.05 * random.nextDouble();
        long window = ScenarioGenerator.stableWindow(version, intervals, preemptDelay, maxDelay);
        long faultPhaseEnd = Math.max(lastChange, START_WINDOW);
        return new Scenario(seed, List.copyOf(nodes), preempt, maxDelay, duplicates, List.copyOf(faults),
                faultPhaseEnd, faultPhaseEnd + window + 2 * SECOND, window, masterGapBound(version, intervals, maxDelay));
    }

    /**
     * How long an eligible running node may be without a Master on the LAN (INV4). Only a Backup's
     * Master_Down_Timer ends a gap, and on this LAN nothing stops it: no loss, no partition, no crash. It is armed
     * by the last advert accepted from the leaving Master, which arrives at most one LAN delay after the Master
     * left (a later priority-0 advert shortens it to Skew_Time), or by the Backup's start; a Backup that was
     * not eligible keeps re-arming it with its priority-0 Master_Down_Interval and keeps that deadline when its
     * priority rises. So the slowest eligible node takes over at most one Master_Down_Interval, at priority 0
     * and the longest advertisement interval any node may have taught it, after the later of "it became eligible"
     * and "the last Master left" plus the LAN's max delay. Priority 0 is the slowest: Skew_Time shrinks as the
     * priority grows.
     */
    static long masterGapBound(ProtocolVersion version, int[] intervals, long maxDelayMicros) {
        int longest = 0;
        for (int interval : intervals) {
            longest = Math.max(longest, interval);
        }
        return ExpectedTimes.masterDownMicros(version, 0, longest) + maxDelayMicros;
    }

    private static Group group(Random random) {
        TrackMode mode = TrackMode.values()[random.nextInt(TrackMode.values().length)];
        List<MonitorPlan> monitors = new ArrayList<>();
        int n = 1 + random.nextInt(4);
        for (int m = 0; m < n; m++) {
            long interval = (2 + random.nextInt(29)) * 100_000L; // 0.2-3 s
            monitors.add(new MonitorPlan(interval, random.nextInt((int) interval), 1 + random.nextInt(4),
                    1 + random.nextInt(4)));
        }
        return new Group(mode, monitors);
    }

    /**
     * Runs the group's checks in time order through rise/fall and the formula; adds a PriorityChange for each
     * change of EP (the first one at time 0, as all monitors start UNKNOWN). Returns the time of the last change.
     */
    private static long priorityChanges(Random random, int node, int basePriority, Group group,
                                        List<ScheduledFault> faults) {
        record Check(long atMicros, int monitor) {
        }
        int n = group.monitors().size();
        List<RiseFall> rules = new ArrayList<>();
        Spells[] spells = new Spells[n];
        PriorityQueue<Check> checks = new PriorityQueue<>(
                Comparator.comparingLong(Check::atMicros).thenComparingInt(Check::monitor));
        long settled = 0;
        for (int m = 0; m < n; m++) {
            MonitorPlan plan = group.monitors().get(m);
            rules.add(new RiseFall(plan.rise(), plan.fall()));
            spells[m] = new Spells(random, Math.max(plan.rise(), plan.fall()), random.nextBoolean());
            checks.add(new Check(plan.offsetMicros(), m));
            // after the flaps, the steady result needs at most rise or fall checks to show
            settled = Math.max(settled, FLAP_PHASE_END + (Math.max(plan.rise(), plan.fall()) + 1) * plan.intervalMicros());
        }
        int ep = EffectivePriorityFormula.effectivePriority(group.mode(), basePriority, n, n, 0);
        long last = 0;
        if (ep != basePriority) {
            faults.add(new ScheduledFault(0, new Fault.PriorityChange(node, ep)));
        }
        while (!checks.isEmpty() && checks.peek().atMicros() <= settled) {
            Check check = checks.poll();
            boolean success = check.atMicros() < FLAP_PHASE_END ? spells[check.monitor()].next()
                    : spells[check.monitor()].steady();
            rules.get(check.monitor()).record(success);
            int down = (int) rules.stream().filter(r -> r.health() != Health.UP).count();
            int next = EffectivePriorityFormula.effectivePriority(group.mode(), basePriority, n, down, 0);
            if (next != ep) {
                ep = next;
                last = check.atMicros();
                faults.add(new ScheduledFault(last, new Fault.PriorityChange(node, ep)));
            }
            checks.add(new Check(check.atMicros() + group.monitors().get(check.monitor()).intervalMicros(),
                    check.monitor()));
        }
        return last;
    }

    /** Alternating runs of successes and failures: short flaps, or runs long enough to cross rise/fall. */
    private static final class Spells {
        private final Random random;
        private final int threshold;
        private final boolean steady;
        private boolean success;
        private int left;

        Spells(Random random, int threshold, boolean startUp) {
            this.random = random;
            this.threshold = threshold;
            this.success = !startUp;
            this.steady = random.nextInt(4) != 0; // most monitors end up, some stay down
        }

        boolean next() {
            if (left == 0) {
                success = !success;
                left = random.nextBoolean() ? 1 + random.nextInt(2) : threshold + random.nextInt(12);
            }
            left--;
            return success;
        }

        boolean steady() {
            return steady;
        }
    }
}
