package org.vireo.api.internal.log;

import java.util.Locale;

import org.vireo.api.QueryParams;

/** The levels the node's recent log keeps, the least severe first. */
public enum LogLevel {
    WARN, ERROR;

    /** Whether a line of this level is shown to a reader who asked for {@code least} and above. */
    boolean atLeast(LogLevel least) {
        return compareTo(least) >= 0;
    }

    /**
     * The {@code level} of a read: {@code warn} (the default: warnings and errors) or {@code error}.
     *
     * @throws IllegalArgumentException naming the value and what would be accepted
     */
    static LogLevel parse(String value) {
        if (value == null || value.isBlank()) {
            return WARN;
        }
        try {
            return valueOf(value.trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(QueryParams.name("level", value) + ": expected warn (warnings and"
                + " errors) or error", e);
        }
    }

    /**
     * The level the log keeps a line at, from Pax Logging's syslog equivalent of the event's level: 3 and below are
     * errors (log4j's ERROR and FATAL), 4 warnings; null for what is less severe (INFO is 6, DEBUG 7): not kept.
     */
    static LogLevel ofSyslog(int severity) {
        if (severity <= 3) {
            return ERROR;
        }
        return severity == 4 ? WARN : null;
    }
}
