package org.vireo.vrrp.internal.fsm.sim;

import org.vireo.vrrp.internal.fsm.ProtocolVersion;

/**
 * The checker's own Skew_Time / Master_Down_Interval arithmetic, written apart from the FSM's so that a wrong
 * timer in the FSM cannot also be the yardstick. Exact: the numerator is an integer and dividing by 256 is
 * exact in binary floating point, so the floor matches integer division.
 */
public final class ExpectedTimes {
    private ExpectedTimes() {
    }

    public static long skewMicros(ProtocolVersion version, int priority, int masterIntervalCentis) {
        double spanMicros = version == ProtocolVersion.V3 ? masterIntervalCentis * 10_000.0 : 1_000_000.0;
        return (long) Math.floor((256 - priority) * spanMicros / 256.0);
    }

    public static long masterDownMicros(ProtocolVersion version, int priority, int masterIntervalCentis) {
        return 3L * masterIntervalCentis * 10_000L + skewMicros(version, priority, masterIntervalCentis);
    }
}
