package org.vireo.health;

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
}
