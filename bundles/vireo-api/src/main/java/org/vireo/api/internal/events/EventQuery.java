package org.vireo.api.internal.events;

import org.vireo.config.ConfigErrors;
import org.vireo.events.EventLog;

/** The numbers a reader of the events gives: where to start and how many, checked. */
final class EventQuery {

    static final int DEFAULT_LIMIT = 100;
    static final int MAX_LIMIT = 1000;

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
        try {
            long n = Long.parseLong(value.trim());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(name + " = '" + ConfigErrors.shorten(value, 64) + "': expected the"
            + " sequence number of an event (0 or more)");
    }

    /** How many events a page holds: {@value #DEFAULT_LIMIT} if not given, 1-{@value #MAX_LIMIT}. */
    static int limit(String value) {
        if (value == null || value.isBlank()) {
            return DEFAULT_LIMIT;
        }
        try {
            int n = Integer.parseInt(value.trim());
            if (n >= 1 && n <= MAX_LIMIT) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException("limit = '" + ConfigErrors.shorten(value, 64) + "': expected 1-"
            + MAX_LIMIT);
    }
}
