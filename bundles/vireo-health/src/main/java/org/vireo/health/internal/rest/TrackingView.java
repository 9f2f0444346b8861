package org.vireo.health.internal.rest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.vireo.health.TrackMode;
import org.vireo.health.TrackStatus;
import org.vireo.health.internal.track.EffectivePriorityFormula;
import org.vireo.health.internal.track.TrackSummary;
import org.vireo.vrrp.VrrpInstance;

/**
 * {@code GET /api/v1/health/tracking}: one VRRP instance of this node and how health tracking sets its priority, as
 * {@code health:track} shows it (mode {@code NONE} when no {@code org.vireo.health.track} configuration names it).
 *
 * @param state             the instance's VRRP state
 * @param preempt           the instance preempts: without it, a lowered priority moves its VIPs only to backups
 *                          that do
 * @param basePriority      BP, the instance's configured priority
 * @param trackedPriority   EP as tracking computes it from BP and what is down (0: not eligible)
 * @param effectivePriority what the instance advertises now: the tracked priority, or the operator's override
 *                          (or 0 while it resigns)
 * @param priorityOverride  the operator's override ({@code vrrp:priority}); null when none
 * @param deduction         what tracking takes off BP: {@code basePriority - trackedPriority}
 * @param reason            why, in the words of {@code health:track}; null when nothing is taken off
 * @param monitors          the monitors the group tracks, with their state
 * @param interfaces        the interfaces the group tracks, with their weight and state
 */
public record TrackingView(String instance, String state, String mode, boolean preempt, int basePriority,
                           int trackedPriority, int effectivePriority, Integer priorityOverride, int deduction,
                           String reason, List<TrackedMonitor> monitors, List<TrackedInterface> interfaces) {

    /** @param state {@code up}, {@code down} ({@code UNKNOWN} counts as down) or {@code missing} (not configured) */
    public record TrackedMonitor(String name, String state) {
    }

    /** @param weight what it takes off while down */
    public record TrackedInterface(String name, int weight, boolean up) {
    }

    static TrackingView of(VrrpInstance i, Optional<TrackStatus> tracking) {
        int base = i.basePriority();
        TrackStatus s = tracking.orElse(new TrackStatus(i.name(), TrackMode.NONE, base, base, List.of(), List.of(),
            List.of(), Map.of(), List.of()));
        return new TrackingView(i.name(), i.state().name(), s.mode().name(), i.preempt(), base, s.effectivePriority(),
            i.effectivePriority(), i.priorityOverride().orElse(null), base - s.effectivePriority(), reason(s),
            monitors(s), interfaces(s));
    }

    private static String reason(TrackStatus s) {
        if (s.effectivePriority() == s.basePriority()) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        int takenByMonitors = s.basePriority() - EffectivePriorityFormula.effectivePriority(s.mode(), s.basePriority(),
            s.monitors().size(), s.monitorsDown().size() + s.monitorsMissing().size(), 0);
        if (takenByMonitors > 0) { // in mode ONE, say, a monitor down may take nothing off
            parts.add("monitors down " + TrackSummary.monitorsDown(s) + ", mode " + s.mode() + ": -" + takenByMonitors);
        }
        if (!s.interfacesDown().isEmpty()) {
            parts.add("interfaces down " + TrackSummary.interfacesDown(s));
        }
        return String.join("; ", parts);
    }

    private static List<TrackedMonitor> monitors(TrackStatus s) {
        return s.monitors().stream().map(m -> new TrackedMonitor(m, s.monitorsMissing().contains(m) ? "missing"
            : s.monitorsDown().contains(m) ? "down" : "up")).toList();
    }

    private static List<TrackedInterface> interfaces(TrackStatus s) {
        return s.interfaceWeights().entrySet().stream().map(e -> new TrackedInterface(e.getKey(), e.getValue(),
            !s.interfacesDown().contains(e.getKey()))).toList();
    }
}
