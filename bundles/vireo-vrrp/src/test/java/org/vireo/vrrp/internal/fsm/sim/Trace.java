package org.vireo.vrrp.internal.fsm.sim;

import java.util.ArrayList;
import java.util.List;
import org.vireo.vrrp.VrrpState;
import org.vireo.vrrp.internal.fsm.FsmAction;
import org.vireo.vrrp.internal.fsm.FsmEvent;

/** Everything that happened in a run; kept as references and formatted only when a run fails or is replayed. */
final class Trace {
    private record Entry(long atMicros, String who, Object what, VrrpState before, VrrpState after,
                         List<FsmAction> actions) {
    }

    private final List<Entry> entries = new ArrayList<>();

    void node(long atMicros, SimNode node, FsmEvent event, VrrpState before, List<FsmAction> actions) {
        entries.add(new Entry(atMicros, node.name(), event, before, node.state(), actions));
    }

    void fault(long atMicros, Fault fault) {
        entries.add(new Entry(atMicros, "LAN", fault, null, null, List.of()));
    }

    int size() {
        return entries.size();
    }

    static String time(long micros) {
        return String.format("%d.%06ds", micros / 1_000_000, micros % 1_000_000);
    }

    String format() {
        StringBuilder out = new StringBuilder();
        for (Entry e : entries) {
            out.append(String.format("%12s  %-3s  ", time(e.atMicros()), e.who())).append(e.what());
            if (e.before() != null) {
                out.append("  [").append(e.before());
                if (e.after() != e.before()) {
                    out.append(" -> ").append(e.after());
                }
                out.append(']');
            }
            if (!e.actions().isEmpty()) {
                out.append("  => ").append(e.actions());
            }
            out.append('\n');
        }
        return out.toString();
    }
}
