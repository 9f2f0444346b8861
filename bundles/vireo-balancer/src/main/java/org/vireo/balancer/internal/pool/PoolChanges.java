package org.vireo.balancer.internal.pool;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What changed in the scanner pool between two looks, scanner by scanner: added, removed, up, down, drained,
 * undrained. Pure: the pool looks after each change it is told of and hands the differences to its listener.
 */
public final class PoolChanges {

    /** One scanner's change; {@code reason}: what the pool was told that made it. */
    public record Change(String scanner, String change, String reason) {
    }

    /** How the pool sees a scanner. */
    record Seen(boolean up, boolean drain) {
    }

    private Map<String, Seen> last = Map.of();

    /** The changes from the last look to {@code now} (in table order; removed ones last). */
    List<Change> look(Map<String, Seen> now, String reason) {
        List<Change> out = new ArrayList<>();
        now.forEach((id, seen) -> {
            Seen was = last.get(id);
            if (was == null) {
                out.add(new Change(id, "added", reason));
                if (!seen.up()) {
                    out.add(new Change(id, "down", reason));
                }
            } else if (was.up() != seen.up()) {
                out.add(new Change(id, seen.up() ? "up" : "down", reason));
            }
            if (was != null ? was.drain() != seen.drain() : seen.drain()) {
                out.add(new Change(id, seen.drain() ? "drained" : "undrained", reason));
            }
        });
        last.keySet().stream().filter(id -> !now.containsKey(id)).forEach(id -> out.add(new Change(id, "removed",
            reason)));
        last = new LinkedHashMap<>(now);
        return out;
    }
}
