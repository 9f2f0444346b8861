package org.vireo.health;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A tracked group's view of its VRRP instance now.
 *
 * @param instance          the VRRP instance it is for
 * @param mode              how monitors count
 * @param basePriority      BP, the instance's configured priority
 * @param effectivePriority EP, what the instance should advertise (0: not eligible)
 * @param monitors          the monitors it tracks
 * @param monitorsDown      of those, the ones down (UNKNOWN counts as down)
 * @param monitorsMissing   named but not configured on this node (they count as down)
 * @param interfaceWeights  tracked interfaces and what each subtracts while down
 * @param interfacesDown    of those, the ones down
 */
public record TrackStatus(String instance, TrackMode mode, int basePriority, int effectivePriority,
                          List<String> monitors, List<String> monitorsDown, List<String> monitorsMissing,
                          Map<String, Integer> interfaceWeights, List<String> interfacesDown) {

    /**
     * Why the effective priority is what it is, in words: {@code "ALL: web down (1 of 2 monitors)"}, {@code
     * "PROGRESSIVE: all 3 monitors up; interface eth1 down (-20)"}, {@code "NONE: the base priority"}.
     */
    public String reason() {
        if (mode == TrackMode.NONE && interfaceWeights.isEmpty()) {
            return "NONE: the base priority";
        }
        List<String> parts = new ArrayList<>();
        List<String> down = new ArrayList<>(monitorsDown);
        down.addAll(monitorsMissing);
        if (!monitors.isEmpty()) {
            parts.add(down.isEmpty() ? "all " + monitors.size() + " monitors up"
                : String.join(", ", down) + " down (" + down.size() + " of " + monitors.size() + " monitors)");
        }
        if (!monitorsMissing.isEmpty()) {
            parts.add("not configured here: " + String.join(", ", monitorsMissing));
        }
        for (String iface : interfacesDown) {
            parts.add("interface " + iface + " down (-" + interfaceWeights.getOrDefault(iface, 0) + ")");
        }
        if (!interfaceWeights.isEmpty() && interfacesDown.isEmpty()) {
            parts.add("interfaces up");
        }
        return mode + ": " + String.join("; ", parts);
    }
}
