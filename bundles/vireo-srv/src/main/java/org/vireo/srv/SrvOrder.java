package org.vireo.srv;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.TreeMap;
import java.util.random.RandomGenerator;

/**
 * The order in which a client tries the targets of an SRV record set, exactly as RFC 2782 prescribes: by
 * priority, lowest first; within a priority, by weighted random selection without replacement, where the
 * records of weight 0 stand first in the running sum and the random number is uniform in {@code [0, sum]}
 * inclusive. The records of one priority stand in a random order before the weight-0 ones are moved to the
 * front, so a record of weight w > 0 is chosen first with probability w / (sum + 1) when the group has a weight-0
 * record (which takes the remaining 1 / (sum + 1)), and about w / sum in any case; a weight-0 record is rarely but
 * possibly first, and records of weight 0 only are tried in a uniformly random order.
 */
public final class SrvOrder {

    private SrvOrder() {
    }

    /** One order drawn with {@code random} (pure: the caller decides the source, tests fix its seed). */
    public static List<SrvRecord> order(List<SrvRecord> records, RandomGenerator random) {
        TreeMap<Integer, List<SrvRecord>> byPriority = new TreeMap<>();
        for (SrvRecord r : records) {
            byPriority.computeIfAbsent(r.priority(), p -> new ArrayList<>()).add(r);
        }
        List<SrvRecord> out = new ArrayList<>(records.size());
        for (List<SrvRecord> group : byPriority.values()) {
            // RFC 2782 allows "any order" but weight 0 first: a random one, so that equal records (weight-0 ones
            // above all, which the running sum never tells apart) share the first place instead of one taking it
            List<SrvRecord> left = new ArrayList<>(group);
            shuffle(left, random);
            left.sort(Comparator.comparingInt(r -> r.weight() == 0 ? 0 : 1)); // stable: the shuffle stays
            while (!left.isEmpty()) {
                out.add(left.remove(pick(left, random)));
            }
        }
        return out;
    }

    private static void shuffle(List<SrvRecord> list, RandomGenerator random) {
        for (int i = list.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            list.set(j, list.set(i, list.get(j)));
        }
    }

    /** The index RFC 2782's running-sum rule selects among {@code left}. */
    static int pick(List<SrvRecord> left, RandomGenerator random) {
        long sum = 0;
        for (SrvRecord r : left) {
            sum += r.weight();
        }
        long n = random.nextLong(sum + 1); // uniform in [0, sum]
        long running = 0;
        for (int i = 0; i < left.size(); i++) {
            running += left.get(i).weight();
            if (running >= n) {
                return i;
            }
        }
        throw new AssertionError("the running sum reaches " + sum); // unreachable: n <= sum
    }
}
