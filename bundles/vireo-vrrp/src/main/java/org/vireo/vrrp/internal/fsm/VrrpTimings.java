package org.vireo.vrrp.internal.fsm;

/**
 * Skew_Time and Master_Down_Interval arithmetic.
 *
 * <p>Rounding: everything is computed in whole microseconds with integer arithmetic and floored, so the only
 * rounding is dropping a fraction of a microsecond. Priority 100 with a 1 s interval gives exactly
 * 609,375 us; doing the RFC's arithmetic in centiseconds would have floored that to 600 ms.
 */
final class VrrpTimings {
    static final long MICROS_PER_CENTI = 10_000L;
    static final long MICROS_PER_SECOND = 1_000_000L;

    private VrrpTimings() {
    }

    static long centisToMicros(int centis) {
        return centis * MICROS_PER_CENTI;
    }

    /**
     * V3 (RFC 5798 6.1): ((256 - priority) * Master_Adver_Interval) / 256. V2 (RFC 3768 6.1):
     * (256 - priority) / 256 seconds, which does not scale with the interval.
     */
    static long skewTimeMicros(ProtocolVersion version, int priority, int masterAdverIntervalCentis) {
        long scale = version.learnsMasterInterval() ? centisToMicros(masterAdverIntervalCentis) : MICROS_PER_SECOND;
        return (256L - priority) * scale / 256L;
    }

    /** Master_Down_Interval = 3 * Master_Adver_Interval + Skew_Time. */
    static long masterDownIntervalMicros(ProtocolVersion version, int priority, int masterAdverIntervalCentis) {
        return 3L * centisToMicros(masterAdverIntervalCentis)
                + skewTimeMicros(version, priority, masterAdverIntervalCentis);
    }
}
