package org.vireo.vrrp.internal.fsm.sim;

import java.util.Comparator;
import java.util.PriorityQueue;
import org.vireo.vrrp.internal.fsm.Timer;

/** The virtual clock and what is due when; equal times run in scheduling order, so runs are deterministic. */
final class EventQueue {

    sealed interface SimEvent {
    }

    record Delivery(int to, Packet packet) implements SimEvent {
    }

    /** Fires only if the node's timer still has this generation, i.e. was not re-armed or cancelled since. */
    record TimerExpiry(int node, Timer timer, long generation) implements SimEvent {
    }

    /** The node's claim of its VIP is done; counts only if the node has made no other claim since. */
    record ClaimDone(int node, long generation) implements SimEvent {
    }

    record FaultDue(Fault fault) implements SimEvent {
    }

    private record Entry(long atMicros, long sequence, SimEvent event) {
    }

    private final PriorityQueue<Entry> queue = new PriorityQueue<>(
            Comparator.comparingLong(Entry::atMicros).thenComparingLong(Entry::sequence));
    private long sequence;
    private long nowMicros;

    long now() {
        return nowMicros;
    }

    void schedule(long atMicros, SimEvent event) {
        if (atMicros < nowMicros) {
            throw new IllegalStateException("scheduling into the past: " + atMicros + " < " + nowMicros);
        }
        queue.add(new Entry(atMicros, sequence++, event));
    }

    boolean hasEventUntil(long endMicros) {
        return !queue.isEmpty() && queue.peek().atMicros() <= endMicros;
    }

    SimEvent next() {
        Entry entry = queue.remove();
        nowMicros = entry.atMicros();
        return entry.event();
    }
}
