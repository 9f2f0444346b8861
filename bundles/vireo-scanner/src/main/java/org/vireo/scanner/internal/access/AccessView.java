package org.vireo.scanner.internal.access;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/**
 * An entry of {@code GET /api/v1/scanner/access-log}: the access log's line (docs/scanner.md) with its number.
 *
 * @param seq        its number in the recent list: poll with {@code after}
 * @param time       when the request head arrived (ISO-8601, UTC)
 * @param target     the absolute URL, or {@code host:port} for CONNECT (cut to 1024 characters)
 * @param status     the status sent to the client; 0 when the client left before any answer
 * @param rule       the rule that matched, null when none did
 * @param refusal    why the proxy refused the message, null when it did not
 */
public record AccessView(long seq, String time, String client, String method, String target, int status,
                         long bytesUp, long bytesDown, long durationMs, String rule, String refusal) {

    /** As the access log writes its times: the milliseconds, UTC. */
    public static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'")
        .withZone(ZoneOffset.UTC);

    public static AccessView of(AccessEntry e) {
        return new AccessView(e.seq(), TIME.format(e.start()), e.client(), e.method(), e.target(), e.status(),
            e.bytesUp(), e.bytesDown(), e.durationMs(), e.rule(), e.refusal());
    }
}
