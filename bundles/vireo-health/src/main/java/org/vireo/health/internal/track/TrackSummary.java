package org.vireo.health.internal.track;

import java.util.ArrayList;
import java.util.List;

import org.vireo.health.TrackStatus;

/** What a tracked group has down, in the words {@code health:track} and the API's tracking route use. */
public final class TrackSummary {

    private TrackSummary() {
    }

    /** {@code 2/3: web, db (missing)}; {@code -} when the group tracks no monitor. */
    public static String monitorsDown(TrackStatus s) {
        if (s.monitors().isEmpty()) {
            return "-";
        }
        List<String> out = new ArrayList<>(s.monitorsDown());
        s.monitorsMissing().forEach(m -> out.add(m + " (missing)"));
        return out.size() + "/" + s.monitors().size() + (out.isEmpty() ? "" : ": " + String.join(", ", out));
    }

    /** {@code 1/2: eth1 (-20)}; {@code -} when the group tracks no interface. */
    public static String interfacesDown(TrackStatus s) {
        if (s.interfaceWeights().isEmpty()) {
            return "-";
        }
        List<String> out = s.interfacesDown().stream().map(i -> i + " (-" + s.interfaceWeights().get(i) + ")").toList();
        return out.size() + "/" + s.interfaceWeights().size() + (out.isEmpty() ? "" : ": " + String.join(", ", out));
    }
}
