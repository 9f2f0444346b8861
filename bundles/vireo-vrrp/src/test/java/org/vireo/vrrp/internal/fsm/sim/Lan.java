package org.vireo.vrrp.internal.fsm.sim;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

/** One broadcast segment: per-copy loss, delay and duplication from a seeded Random, plus partitions. */
final class Lan {
    interface Receiver {
        void receive(int node, long delayMicros);
    }

    private final Random random;
    private final long maxDelayMicros;
    private final double duplicateProbability;
    private final int[] groupOf;
    private double lossProbability;

    Lan(int nodeCount, Random random, long maxDelayMicros, double duplicateProbability) {
        this.random = random;
        this.maxDelayMicros = maxDelayMicros;
        this.duplicateProbability = duplicateProbability;
        this.groupOf = new int[nodeCount];
    }

    boolean connected(int a, int b) {
        return groupOf[a] == groupOf[b];
    }

    int groupOf(int node) {
        return groupOf[node];
    }

    void partition(List<Integer> groups) {
        for (int node = 0; node < groupOf.length; node++) {
            groupOf[node] = groups.get(node);
        }
    }

    void heal() {
        Arrays.fill(groupOf, 0);
    }

    double lossProbability() {
        return lossProbability;
    }

    void lossProbability(double probability) {
        lossProbability = probability;
    }

    /** Multicasts from a node: each other node it can reach gets zero, one or two copies, each delayed. */
    void transmit(int from, Receiver receiver) {
        for (int to = 0; to < groupOf.length; to++) {
            if (to == from || !connected(from, to) || random.nextDouble() < lossProbability) {
                continue;
            }
            receiver.receive(to, delay());
            if (random.nextDouble() < duplicateProbability) {
                receiver.receive(to, delay());
            }
        }
    }

    private long delay() {
        return maxDelayMicros == 0 ? 0 : (long) (random.nextDouble() * (maxDelayMicros + 1));
    }
}
