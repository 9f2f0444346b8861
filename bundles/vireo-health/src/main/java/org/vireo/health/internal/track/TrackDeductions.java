package org.vireo.health.internal.track;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.vireo.health.Health;
import org.vireo.health.TrackMode;
import org.vireo.vrrp.PriorityDeduction;

/**
 * What each tracked monitor and interface takes off the base priority now, so that the operator sees which one
 * costs what (issue 20) and the amounts add up to BP − EP of {@link EffectivePriorityFormula}. Pure.
 *
 * <p>Monitors first, as the formula counts them: what the mode takes off is shared by the K monitors down (in order,
 * the first ones taking the remainder of the division), and each is {@code toZero} when the mode leaves 0 (ALL with
 * one down, ONE and PROGRESSIVE with all down). A monitor down that takes nothing (mode ONE with another up) is listed
 * with 0: it counts, and one more down would cost everything. Then each interface down takes its weight, or what is
 * left of the priority when that is less.
 */
public final class TrackDeductions {

    /**
     * One tracked monitor as the group sees it.
     *
     * @param health its verdict; empty when it is named but not configured on this node (missing)
     * @param since  since when the verdict holds, if known
     */
    public record MonitorState(String name, Optional<Health> health, Optional<Instant> since) {
    }

    private TrackDeductions() {
    }

    /**
     * @param interfacesDown the tracked interfaces that are down, with since when, if known
     */
    public static List<PriorityDeduction> of(TrackMode mode, int basePriority, List<MonitorState> monitors,
                                             Map<String, Integer> interfaceWeights,
                                             Map<String, Optional<Instant>> interfacesDown) {
        List<MonitorState> down = monitors.stream().filter(m -> m.health().filter(Health.UP::equals).isEmpty())
            .toList();
        int fromMonitors = EffectivePriorityFormula.effectivePriority(mode, basePriority, monitors.size(),
            down.size(), 0);
        List<PriorityDeduction> out = new ArrayList<>(monitorDeductions(down, basePriority - fromMonitors,
            fromMonitors == 0));
        int left = fromMonitors;
        for (Map.Entry<String, Integer> iface : interfaceWeights.entrySet()) {
            if (interfacesDown.containsKey(iface.getKey())) {
                int taken = Math.min(iface.getValue(), left);
                left -= taken;
                out.add(new PriorityDeduction(PriorityDeduction.Kind.INTERFACE, iface.getKey(),
                    "down (weight " + iface.getValue() + ")", taken, false, interfacesDown.get(iface.getKey())));
            }
        }
        return List.copyOf(out);
    }

    private static List<PriorityDeduction> monitorDeductions(List<MonitorState> down, int taken, boolean toZero) {
        List<PriorityDeduction> out = new ArrayList<>();
        for (int i = 0; i < down.size(); i++) {
            int share = taken / down.size() + (i < taken % down.size() ? 1 : 0);
            MonitorState m = down.get(i);
            out.add(TrackOptions.REFUSED.equals(m.name())
                ? new PriorityDeduction(PriorityDeduction.Kind.CONFIGURATION, m.name(),
                    "the tracked group's configuration is refused: held at 0 until a good one comes", share, toZero,
                    Optional.empty())
                : new PriorityDeduction(PriorityDeduction.Kind.MONITOR, m.name(), state(m.health()), share, toZero,
                    m.since()));
        }
        return out;
    }

    private static String state(Optional<Health> health) {
        return health.map(h -> h == Health.UNKNOWN ? "unknown (no check finished yet)" : "down")
            .orElse("missing (not configured on this node)");
    }
}
