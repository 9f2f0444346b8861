package org.vireo.balancer.internal.pool;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

import org.vireo.settings.BalancerOptions;
import org.vireo.balancer.internal.schedule.Candidate;

/**
 * What the balancer knows of each configured scanner: its health (the active monitor's verdict, and passive
 * failures: a connect that failed marks it down at once, for a hold-down time unless the monitor sees it fail
 * too, or a later connect to it succeeds), the load it reports, and since when it is up (slow start). Pure: the
 * clock is injected; not thread-safe.
 */
public final class ScannerTable {

    private static final class State {
        BalancerOptions.Scanner scanner;
        boolean monitorUp = true; // until a monitor says otherwise: a table without monitors still balances
        boolean passiveDown;
        long passiveDownUntil;
        long upSince;
        double cpu = -1;
        double memory = -1;
        boolean wasUp = true;
    }

    private final LongSupplier nanos;
    private final long holdDownNanos;
    private final Map<String, State> states = new LinkedHashMap<>();

    /** @param holdDownNanos how long a passive failure keeps a scanner down when its monitor still says up */
    public ScannerTable(LongSupplier nanos, long holdDownNanos) {
        this.nanos = nanos;
        this.holdDownNanos = holdDownNanos;
    }

    /** The configured table; scanners kept keep their state, new ones start up (no slow start at configuration). */
    public void configure(List<BalancerOptions.Scanner> scanners) {
        Map<String, State> next = new LinkedHashMap<>();
        for (BalancerOptions.Scanner s : scanners) {
            State st = states.getOrDefault(s.id(), new State());
            st.scanner = s;
            next.put(s.id(), st);
        }
        states.clear();
        states.putAll(next);
    }

    /** The active monitor's verdict for a scanner. */
    public void monitor(String id, boolean up) {
        State st = states.get(id);
        if (st != null) {
            st.monitorUp = up;
            if (up) {
                st.passiveDown = false; // the monitor saw it answer since
            }
            refresh(st);
        }
    }

    /** A connect to the scanner failed: down now, for the hold-down time or until its monitor sees it again. */
    public void failed(String id) {
        State st = states.get(id);
        if (st != null) {
            st.passiveDown = true;
            st.passiveDownUntil = nanos.getAsLong() + holdDownNanos;
            refresh(st);
        }
    }

    /**
     * A connect to the scanner succeeded: a hold-down from a failed connect ends (it serves again).
     *
     * @return whether it was held down
     */
    public boolean connected(String id) {
        State st = states.get(id);
        if (st == null || !heldDown(st, nanos.getAsLong())) {
            return false;
        }
        st.passiveDown = false;
        refresh(st);
        return true;
    }

    /**
     * The scanners out only because a connect to them failed (their monitor does not say down), that would take
     * clients otherwise (not drained, weight above 0), in table order: a scanner that was starting, or restarted.
     */
    public List<String> heldDown() {
        long now = nanos.getAsLong();
        List<String> out = new ArrayList<>();
        states.forEach((id, st) -> {
            if (heldDown(st, now) && !st.scanner.drain() && st.scanner.weight() > 0) {
                out.add(id);
            }
        });
        return out;
    }

    private static boolean heldDown(State st, long now) {
        return st.monitorUp && st.passiveDown && now - st.passiveDownUntil < 0;
    }

    /** The load the scanner reports through the node registry (negative: not known). */
    public void load(String id, double cpu, double memory) {
        State st = states.get(id);
        if (st != null) {
            st.cpu = cpu;
            st.memory = memory;
        }
    }

    /** The CPU and memory load the scanner last reported ({-1, -1}: not known or not in the table). */
    public double[] load(String id) {
        State st = states.get(id);
        return st == null ? new double[] {-1, -1} : new double[] {st.cpu, st.memory};
    }

    public boolean up(String id) {
        State st = states.get(id);
        return st != null && isUp(st, nanos.getAsLong());
    }

    private boolean isUp(State st, long now) {
        return st.monitorUp && (!st.passiveDown || now - st.passiveDownUntil >= 0);
    }

    /** Notes when a scanner came back up, for slow start. */
    private void refresh(State st) {
        long now = nanos.getAsLong();
        boolean up = isUp(st, now);
        if (up && !st.wasUp) {
            st.upSince = now;
        }
        st.wasUp = up;
    }

    /** The scheduler's view of the table now. */
    public List<Candidate> candidates() {
        List<Candidate> out = new ArrayList<>(states.size());
        for (Map.Entry<String, State> e : states.entrySet()) {
            State st = e.getValue();
            refresh(st);
            out.add(new Candidate(e.getKey(), st.scanner.weight(), st.scanner.drain(), st.wasUp, st.cpu, st.memory,
                st.upSince));
        }
        return out;
    }
}
