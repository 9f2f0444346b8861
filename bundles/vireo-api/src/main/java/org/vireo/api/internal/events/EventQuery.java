package org.vireo.api.internal.events;

import org.vireo.api.QueryParams;
import org.vireo.events.EventLog;

/** The numbers a reader of the events gives: where to start and how many, checked. */
final class EventQuery {

    private static final String WHAT = "an event";

    private EventQuery() {
    }

    /**
     * Where a stream starts: after the header {@code Last-Event-ID} (an EventSource that reconnects sends it), else
     * after the query's {@code after}, else with the events to come ({@link EventLog#LIVE}).
     *
     * @throws IllegalArgumentException for a value that is not a sequence number, naming it
     */
    static long streamStart(String lastEventId, String after) {
        if (lastEventId != null && !lastEventId.isBlank()) {
            return sequence("Last-Event-ID", lastEventId);
        }
        return after == null || after.isBlank() ? EventLog.LIVE : sequence("after", after);
    }

    /** A sequence number, 0 or more. */
    static long sequence(String name, String value) {
        return QueryParams.sequence(name, value, WHAT);
    }

    /** How many events a page holds: 100 if not given, 1-1000. */
    static int limit(String value) {
        return QueryParams.limit(value);
    }
}
