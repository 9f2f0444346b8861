package org.vireo.scanner;

import java.util.Map;

/**
 * The HTTP proxy's counters since it started, for the metrics endpoint and the API: whether it listens now (not
 * while its configuration is refused), exchanges by the class of their status ({@code "2xx"} ...), refused
 * messages by the code the access log shows, and how long requests took from their head's arrival to the end of
 * the answer (tunnels are counted, not timed: they last as long as the client wants).
 */
public record ProxyStats(boolean listening, long activeConnections, long requests, long tunnels,
                         Map<String, Long> responsesByClass, long bytesFromClients, long bytesToClients,
                         Map<String, Long> refusals, long trailerFieldsDropped, DurationHistogram requestDurations) {

    public ProxyStats {
        responsesByClass = Map.copyOf(responsesByClass);
        refusals = Map.copyOf(refusals);
    }
}
