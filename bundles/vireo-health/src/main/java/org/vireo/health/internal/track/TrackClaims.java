package org.vireo.health.internal.track;

import java.util.HashMap;
import java.util.Map;

import org.osgi.service.component.annotations.Component;

/** Which configuration tracks which VRRP instance: one tracked group per instance on a node. */
@Component(service = TrackClaims.class)
public class TrackClaims {

    private final Map<String, String> owners = new HashMap<>();

    /**
     * Records that configuration {@code pid} tracks {@code instance}; a no-op when it does already.
     *
     * @throws IllegalArgumentException naming both configurations when another one tracks it
     */
    public synchronized void claim(String instance, String pid) {
        String owner = owners.putIfAbsent(instance, pid);
        if (owner != null && !owner.equals(pid)) {
            throw new IllegalArgumentException("configuration " + pid + " refused: VRRP instance '" + instance
                + "' is already tracked by configuration " + owner + "; one tracked group per instance (merge them)");
        }
    }

    /** Forgets {@code pid}'s claim, if it holds it. */
    public synchronized void release(String instance, String pid) {
        owners.remove(instance, pid);
    }
}
