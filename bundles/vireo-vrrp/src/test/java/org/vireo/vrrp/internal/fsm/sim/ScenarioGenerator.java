package org.vireo.vrrp.internal.fsm.sim;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.vireo.vrrp.internal.fsm.FsmConfig;
import org.vireo.vrrp.internal.fsm.ProtocolVersion;

/**
 * Turns a seed into a scenario: 2..5 nodes with random priorities (distinct, tied, or with an owner), V2 or V3
 * with equal or (V3) differing intervals, a LAN with 0..5 ms delay and some duplication, and a random fault
 * schedule over the first 60 virtual seconds, followed by a fault-free tail long enough to converge.
 */
public final class ScenarioGenerator {
    public static final long SECOND = 1_000_000L;
    static final long FAULT_PHASE_END = 60 * SECOND;
    private static final long START_WINDOW = 3 * SECOND;
    private static final int VRID = 42;

    private ScenarioGenerator() {
    }

    static Scenario generate(long seed) {
        Random random = new Random(seed);
        int count = 2 + random.nextInt(4);
        ProtocolVersion version = random.nextInt(10) < 7 ? ProtocolVersion.V3 : ProtocolVersion.V2;
        boolean preempt = random.nextInt(5) != 0;
        long preemptDelay = preempt && random.nextInt(4) == 0 ? (200 + random.nextInt(4_800)) * 1_000L : 0;
        int[] priorities = priorities(random, count);
        int[] intervals = intervals(random, count, version);
        List<InetAddress> addresses = addresses(random, count, version == ProtocolVersion.V3 && random.nextInt(10) < 3);
        List<FsmConfig> nodes = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            nodes.add(FsmConfig.builder(VRID, addresses.get(i)).version(version).basePriority(priorities[i])
                    .advertIntervalCentis(intervals[i]).preempt(preempt).preemptDelayMicros(preemptDelay)
                    .acceptMode(random.nextBoolean()).build());
        }
        long maxDelay = random.nextInt(5_001);
        double duplicates = random.nextInt(3) == 0 ? 0 : 0.05 * random.nextDouble();
        List<ScheduledFault> faults = faults(random, nodes);
        long window = stableWindow(version, intervals, preemptDelay, maxDelay);
        long end = FAULT_PHASE_END + window + 2 * SECOND;
        return new Scenario(seed, List.copyOf(nodes), preempt, maxDelay, duplicates, faults, FAULT_PHASE_END, end,
                window, 0); // loss and partitions: no bound on how long a node may go without a Master
    }

    /**
     * How long after the last fault convergence must be complete. Without a preempt delay the best Backup
     * discards every lower advert, so its Master_Down_Timer (last armed at most one delay after the fault) runs
     * out within the longest Master_Down_Interval, which is that of priority 1 at the longest interval; that
     * also covers a timer armed at priority 0 (4 intervals) because the window adds one more interval. Its
     * first advert needs one more delay to demote a lower Master.
     *
     * <p>With a preempt delay the delay only starts when the best Backup first hears a lower Master, and that
     * Master may itself have had to take over first (up to one Master_Down_Interval after the fault, e.g. when
     * a partition cut off the old Master). Then: delay, one more Master_Down_Interval after the last advert
     * accepted during the delay, and the demoting advert.
     */
    public static long stableWindow(ProtocolVersion version, int[] intervals, long preemptDelay, long maxDelay) {
        int longest = 0;
        for (int interval : intervals) {
            longest = Math.max(longest, interval);
        }
        long masterDown = ExpectedTimes.masterDownMicros(version, 1, longest);
        if (preemptDelay > 0) {
            return masterDown + maxDelay + preemptDelay + masterDown + 2 * maxDelay;
        }
        return masterDown + longest * 10_000L + 2 * maxDelay;
    }

    public static int[] priorities(Random random, int count) {
        int[] priorities = new int[count];
        int mode = random.nextInt(3);
        if (mode == 1) { // ties are likely
            for (int i = 0; i < count; i++) {
                priorities[i] = random.nextBoolean() ? 100 : 150;
            }
            return priorities;
        }
        Set<Integer> used = new HashSet<>();
        for (int i = 0; i < count; i++) {
            int p;
            do {
                p = 1 + random.nextInt(254);
            } while (!used.add(p));
            priorities[i] = p;
        }
        if (mode == 2) {
            priorities[random.nextInt(count)] = FsmConfig.OWNER_PRIORITY;
        }
        return priorities;
    }

    public static int[] intervals(Random random, int count, ProtocolVersion version) {
        int[] intervals = new int[count];
        int shared = version == ProtocolVersion.V2 ? (random.nextBoolean() ? 100 : 200) : pick(random, 25, 50, 100);
        boolean differ = version == ProtocolVersion.V3 && random.nextBoolean();
        for (int i = 0; i < count; i++) {
            intervals[i] = differ ? pick(random, 20, 50, 100, 150) : shared;
        }
        return intervals;
    }

    private static int pick(Random random, int... values) {
        return values[random.nextInt(values.length)];
    }

    /** Random, distinct, and often with a high byte set, so a signed comparison would order them wrongly. */
    public static List<InetAddress> addresses(Random random, int count, boolean ipv6) {
        Set<InetAddress> addresses = new HashSet<>();
        List<InetAddress> ordered = new ArrayList<>();
        while (ordered.size() < count) {
            byte[] bytes = new byte[ipv6 ? 16 : 4];
            if (ipv6) {
                bytes[0] = (byte) 0xfe;
                bytes[1] = (byte) 0x80;
                bytes[14] = (byte) random.nextInt(256);
            } else {
                bytes[0] = 10;
                bytes[2] = (byte) random.nextInt(256);
            }
            bytes[bytes.length - 1] = (byte) (1 + random.nextInt(254));
            InetAddress address = address(bytes);
            if (addresses.add(address)) {
                ordered.add(address);
            }
        }
        return ordered;
    }

    private static InetAddress address(byte[] bytes) {
        try {
            return InetAddress.getByAddress(bytes);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static List<ScheduledFault> faults(Random random, List<FsmConfig> nodes) {
        int count = nodes.size();
        List<ScheduledFault> faults = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            faults.add(new ScheduledFault(random.nextInt((int) START_WINDOW), new Fault.Start(i)));
        }
        boolean backgroundLoss = random.nextInt(3) == 0;
        if (backgroundLoss) { // lossy for the whole fault phase: convergence is then checked in the tail only
            faults.add(new ScheduledFault(0, new Fault.LossStart(0.01 + 0.3 * random.nextDouble())));
        }
        int planned = 2 + random.nextInt(14);
        for (int k = 0; k < planned; k++) {
            long at = START_WINDOW + (long) (random.nextDouble() * (FAULT_PHASE_END - START_WINDOW));
            long later = at + 200_000 + (long) (random.nextDouble() * 15 * SECOND);
            int node = random.nextInt(count);
            switch (random.nextInt(6)) {
                case 0 -> pair(faults, random, at, new Fault.Crash(node), later, new Fault.Start(node));
                case 1 -> pair(faults, random, at, new Fault.GracefulShutdown(node), later, new Fault.Start(node));
                case 2 -> pair(faults, random, at, new Fault.PriorityChange(node, newPriority(random, nodes, node)),
                        later, new Fault.PriorityChange(node, nodes.get(node).basePriority()));
                case 3 -> pair(faults, random, at, new Fault.LinkDown(node), later, new Fault.LinkUp(node));
                case 4 -> pair(faults, random, at, new Fault.Partition(groups(random, count)), later, new Fault.Heal());
                default -> {
                    if (!backgroundLoss) {
                        pair(faults, random, at, new Fault.LossStart(0.1 + 0.8 * random.nextDouble()), later,
                                new Fault.LossEnd());
                    }
                }
            }
        }
        faults.removeIf(f -> f.atMicros() >= FAULT_PHASE_END);
        faults.add(new ScheduledFault(FAULT_PHASE_END, new Fault.Heal()));
        faults.add(new ScheduledFault(FAULT_PHASE_END, new Fault.LossEnd()));
        if (random.nextInt(10) < 7) { // usually bring everyone back for the tail
            for (int i = 0; i < count; i++) {
                faults.add(new ScheduledFault(FAULT_PHASE_END, new Fault.LinkUp(i)));
                faults.add(new ScheduledFault(FAULT_PHASE_END, new Fault.Start(i)));
            }
        }
        faults.sort(Comparator.comparingLong(ScheduledFault::atMicros)); // stable: same-time faults keep their order
        return List.copyOf(faults);
    }

    /** The fault, and most of the time its repair. */
    private static void pair(List<ScheduledFault> faults, Random random, long at, Fault fault, long later,
                             Fault repair) {
        faults.add(new ScheduledFault(at, fault));
        if (random.nextInt(5) != 0) {
            faults.add(new ScheduledFault(later, repair));
        }
    }

    private static int newPriority(Random random, List<FsmConfig> nodes, int node) {
        int base = nodes.get(node).basePriority();
        switch (random.nextInt(6)) {
            case 0:
                return 0;
            case 1: { // tie with someone
                int other = nodes.get(random.nextInt(nodes.size())).basePriority();
                return other == FsmConfig.OWNER_PRIORITY && base != FsmConfig.OWNER_PRIORITY ? 254 : other;
            }
            case 2:
                return base;
            default:
                return 1 + random.nextInt(254);
        }
    }

    private static List<Integer> groups(Random random, int count) {
        List<Integer> groups = new ArrayList<>();
        int groupCount = 2 + random.nextInt(2);
        for (int i = 0; i < count; i++) {
            groups.add(random.nextInt(groupCount));
        }
        return groups;
    }
}
