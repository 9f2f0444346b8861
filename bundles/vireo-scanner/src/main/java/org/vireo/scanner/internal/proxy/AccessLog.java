package org.vireo.scanner.internal.proxy;

import java.util.concurrent.TimeUnit;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One JSON line per request or tunnel through the SLF4J logger {@value #LOGGER}; the integrator routes it to its
 * own file. The logging backend does the file I/O, asynchronously in Pax Logging, so the I/O thread only formats.
 */
final class AccessLog {

    static final String LOGGER = "org.vireo.scanner.access";

    private final Logger log = LoggerFactory.getLogger(LOGGER);
    private final String node;

    AccessLog(String node) {
        this.node = node;
    }

    /** Logs the exchange once (later calls for the same exchange do nothing). */
    void record(Exchange e, long endNanos) {
        if (e.logged) {
            return;
        }
        e.logged = true;
        if (!log.isInfoEnabled()) {
            return;
        }
        log.info(line(e, TimeUnit.NANOSECONDS.toMillis(endNanos - e.startNanos), node));
    }

    static String line(Exchange e, long durationMillis, String node) {
        StringBuilder b = new StringBuilder(256).append('{');
        field(b, "time", e.start.toString()).append(',');
        field(b, "client", e.client).append(',');
        field(b, "method", e.method).append(',');
        field(b, "target", e.target).append(',');
        b.append("\"status\":").append(e.status).append(',');
        b.append("\"bytesUp\":").append(e.bytesUp).append(',');
        b.append("\"bytesDown\":").append(e.bytesDown).append(',');
        b.append("\"durationMs\":").append(durationMillis).append(',');
        if (e.rule == null) {
            b.append("\"rule\":null,");
        } else {
            field(b, "rule", e.rule).append(',');
        }
        return field(b, "node", node).append('}').toString();
    }

    private static StringBuilder field(StringBuilder b, String name, String value) {
        b.append('"').append(name).append("\":\"");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                default -> {
                    if (c < 0x20) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.append('"');
    }
}
