package org.vireo.health.internal.track;

import org.vireo.health.TrackMode;

/**
 * From a base priority BP and what is down to an effective priority EP (docs/tracking.md). Pure.
 *
 * <p>Monitors first: N tracked, K of them down (UNKNOWN and missing count as down); N = 0 gives BP in every mode.
 * NONE: BP. ALL: BP if K = 0, else 0. ONE: BP if K &lt; N, else 0. PROGRESSIVE: floor(BP·(N−K)/N), but at least 1
 * while K &lt; N, so a group with something up stays eligible, and 0 when K = N. Then the weights of the tracked
 * interfaces that are down come off, down to 0. The result never exceeds BP, and an address owner (BP 255)
 * whose priority is lowered at all gets at most 254: the floor of 255·(N−K)/N is below 255 for any K &gt; 0.
 */
public final class EffectivePriorityFormula {

    private EffectivePriorityFormula() {
    }

    /**
     * @param basePriority       BP, 1-255
     * @param tracked            N, the monitors the group names
     * @param down               K, of which down (0..N)
     * @param downInterfaceWeight the summed weights of the tracked interfaces that are down (0 if none)
     */
    public static int effectivePriority(TrackMode mode, int basePriority, int tracked, int down,
                                        int downInterfaceWeight) {
        if (basePriority < 1 || basePriority > 255) {
            throw new IllegalArgumentException("basePriority = " + basePriority + ": expected 1-255");
        }
        if (tracked < 0 || down < 0 || down > tracked) {
            throw new IllegalArgumentException("down = " + down + " of tracked = " + tracked
                + ": expected 0 <= down <= tracked");
        }
        if (downInterfaceWeight < 0) {
            throw new IllegalArgumentException("downInterfaceWeight = " + downInterfaceWeight + ": expected >= 0");
        }
        int fromMonitors = tracked == 0 ? basePriority : fromMonitors(mode, basePriority, tracked, down);
        return Math.max(0, fromMonitors - downInterfaceWeight);
    }

    private static int fromMonitors(TrackMode mode, int bp, int n, int k) {
        return switch (mode) {
            case NONE -> bp;
            case ALL -> k == 0 ? bp : 0;
            case ONE -> k < n ? bp : 0;
            case PROGRESSIVE -> k == n ? 0 : Math.max(1, bp * (n - k) / n); // int division: the floor
        };
    }
}
