package org.vireo.vrrp.internal.protoerror;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.vireo.vrrp.DropReason;

/**
 * Which protocol errors of the instances to report, from their drop counters as they grow: per instance and reason,
 * the first at once, then at most one every {@link #INTERVAL_NANOS} carrying the drops since the last report (a flood
 * of bad adverts makes one event every 10 s, not one per packet). Pure: time is the caller's, in nanoseconds of a
 * monotonic clock. One thread uses it.
 */
public final class ProtocolErrorLimiter {

    /** What RFC 6527 calls protocol errors (vrrpv3StatisticsProtoErrReason), in its order. */
    public static final Set<DropReason> PROTOCOL_ERRORS = Set.of(DropReason.TTL_NOT_255, DropReason.WRONG_VERSION,
        DropReason.CHECKSUM, DropReason.VRID_NOT_CONFIGURED);

    static final long INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(10);

    /** One report: {@code count} drops for {@code reason} since the last report of it. */
    public record Report(String instance, DropReason reason, long count) {
    }

    /** Per reason of one instance: the count last seen, drops not reported yet, when it was last reported. */
    private static final class Track {
        long seen;
        long pending;
        boolean reported;
        long reportedAt;
    }

    private final Map<String, Map<DropReason, Track>> tracks = new HashMap<>();

    /**
     * The reports due now for {@code instance}, whose drop counts (since it started) are {@code counts}. A count
     * lower than the last seen is an instance started anew: its count is all new.
     */
    public List<Report> observe(String instance, Map<DropReason, Long> counts, long nowNanos) {
        Map<DropReason, Track> byReason = tracks.computeIfAbsent(instance, k -> new EnumMap<>(DropReason.class));
        List<Report> due = new ArrayList<>();
        for (DropReason reason : DropReason.values()) {
            if (PROTOCOL_ERRORS.contains(reason)) {
                Track track = byReason.computeIfAbsent(reason, k -> new Track());
                long count = counts.getOrDefault(reason, 0L);
                track.pending += count >= track.seen ? count - track.seen : count;
                track.seen = count;
                if (track.pending > 0 && (!track.reported || nowNanos - track.reportedAt >= INTERVAL_NANOS)) {
                    due.add(new Report(instance, reason, track.pending));
                    track.pending = 0;
                    track.reported = true;
                    track.reportedAt = nowNanos;
                }
            }
        }
        return due;
    }

    /** The instance is gone: what it had pending is dropped with it. */
    public void forget(String instance) {
        tracks.remove(instance);
    }
}
