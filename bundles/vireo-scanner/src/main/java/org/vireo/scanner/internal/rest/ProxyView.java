package org.vireo.scanner.internal.rest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.vireo.scanner.DurationHistogram;
import org.vireo.scanner.ProxyStats;

/**
 * {@code GET /api/v1/scanner}: the HTTP proxy's counters since the scanner bundle started (a configuration change
 * keeps them), the same {@link ProxyStats} the metrics show.
 *
 * @param listening              the proxy listens (false while its configuration is refused)
 * @param activeConnections      client connections open now
 * @param requestsStarted        requests started (CONNECT tunnels not included)
 * @param tunnels                CONNECT tunnels started
 * @param responsesByStatusClass exchanges ended, by the class of their status ({@code 1xx} to {@code 5xx}), the
 *                               proxy's own answers (403 block page, 502, ...) included
 * @param refusedByReason        messages refused for their syntax or framing, by the access log's code
 * @param bytesFromClients       body bytes received from clients
 * @param bytesToClients         body bytes sent to clients
 * @param trailerFieldsDropped   trailer fields not forwarded (not on the list a trailer may carry)
 * @param requestDurations       from a request's head to the end of its answer (tunnels are not timed)
 */
public record ProxyView(boolean listening, long activeConnections, long requestsStarted, long tunnels,
                        Map<String, Long> responsesByStatusClass, Map<String, Long> refusedByReason,
                        long bytesFromClients, long bytesToClients, long trailerFieldsDropped,
                        Durations requestDurations) {

    /**
     * A histogram as Prometheus has it: each bucket counts the durations up to its bound, those of the buckets below
     * included; {@code count} counts them all (the bucket above every bound).
     */
    public record Durations(List<Bucket> buckets, long count, double sumSeconds) {

        static Durations of(DurationHistogram h) {
            List<Bucket> buckets = new ArrayList<>();
            long cumulative = 0;
            for (int i = 0; i < h.upperBoundsSeconds().size(); i++) {
                cumulative += h.counts().get(i);
                buckets.add(new Bucket(h.upperBoundsSeconds().get(i), cumulative));
            }
            return new Durations(buckets, h.count(), h.sumSeconds());
        }
    }

    /** @param count durations of at most {@code upperBoundSeconds} */
    public record Bucket(double upperBoundSeconds, long count) {
    }

    static ProxyView of(ProxyStats s) {
        return new ProxyView(s.listening(), s.activeConnections(), s.requests(), s.tunnels(),
            new TreeMap<>(s.responsesByClass()), new TreeMap<>(s.refusals()), s.bytesFromClients(),
            s.bytesToClients(), s.trailerFieldsDropped(), Durations.of(s.requestDurations()));
    }
}
