package org.vireo.api.internal.log;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Map;

import org.vireo.api.TailRing;

/**
 * One line of the node's log at WARN or above, as {@code GET /api/v1/node/log} shows it.
 *
 * @param seq       its number in the node's recent log (1, 2, 3 ... since the API bundle started)
 * @param time      when it was logged (ISO-8601, UTC)
 * @param level     {@code WARN} or {@code ERROR}
 * @param logger    the logger's name
 * @param thread    the thread that logged it
 * @param bundle    the symbolic name of the bundle that logged it, null when Pax Logging does not know
 * @param message   the message, at most {@value #MAX_MESSAGE} characters
 * @param exception the first line of the exception logged with it ({@code java.io.IOException: ...}), null if none
 */
public record LogLine(long seq, String time, String level, String logger, String thread, String bundle,
                      String message, String exception) implements TailRing.Numbered {

    /** A message longer than this is cut: a line is for reading, the file has the whole of it. */
    static final int MAX_MESSAGE = 2000;
    /** The key under which Pax Logging puts the symbolic name of the logging bundle in an event's properties. */
    static final String BUNDLE_NAME = "bundle.name";
    /** As the access log writes its times: always the milliseconds, UTC. */
    static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'")
        .withZone(ZoneOffset.UTC);

    /**
     * The line of an event as Pax Logging gives it.
     *
     * @param properties the event's properties (its MDC), with the bundle's name when Pax Logging knows it
     * @param throwable  the exception's text, one element per line, or null
     */
    static LogLine of(long seq, long millis, LogLevel level, String logger, String thread,
                      Map<String, Object> properties, String message, String[] throwable) {
        Object bundle = properties == null ? null : properties.get(BUNDLE_NAME);
        return new LogLine(seq, TIME.format(Instant.ofEpochMilli(millis)), level.name(), logger, thread,
            bundle == null ? null : bundle.toString(), cut(message), firstLine(throwable));
    }

    private static String cut(String message) {
        if (message == null) {
            return "";
        }
        return message.length() <= MAX_MESSAGE ? message : message.substring(0, MAX_MESSAGE) + "...";
    }

    private static String firstLine(String[] throwable) {
        return throwable == null || throwable.length == 0 ? null : cut(throwable[0].strip());
    }
}
