package org.vireo.events;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * One event of the node's log: its sequence number, when the log took it, its type ({@code vrrp.transition}) and its
 * fields, which are only strings, longs, doubles and booleans, bounded in number and length, sorted by name.
 *
 * @param seq    1, 2, 3 ... in the order the log took the events, without gaps; 0 for a notice to one reader that is
 *               not an event of the log ({@link EventLog#MISSED})
 * @param time   when the log took it
 * @param type   {@code <part>.<event>}, from the EventAdmin topic {@code org/vireo/<part>/<EVENT>}
 * @param fields what happened, by name
 */
public record NodeEvent(long seq, Instant time, String type, Map<String, Object> fields) {

    /** Names every event's JSON form has; a source's field of one of these names is not kept. */
    public static final java.util.Set<String> RESERVED = java.util.Set.of("seq", "time", "type", "node");

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'")
        .withZone(ZoneOffset.UTC);

    public NodeEvent {
        fields = Collections.unmodifiableMap(new TreeMap<>(fields));
    }

    /** {@link #time} as the JSON form writes it: UTC, milliseconds ({@code 2026-12-02T11:58:01.123Z}). */
    public String timeText() {
        return TIME.format(time);
    }

    /**
     * The JSON form, on one line: {@code {"seq":7,"time":"...","type":"vrrp.transition","node":"n1",<fields>}}, the
     * same for every reader (the API's stream and its recent events, the notification sinks).
     *
     * @param node the name of the node the event is of (the log's events are all of this node)
     */
    public String toJson(String node) {
        StringBuilder out = new StringBuilder(128 + fields.size() * 32);
        out.append("{\"seq\":").append(seq).append(",\"time\":");
        string(out, timeText()).append(",\"type\":");
        string(out, type).append(",\"node\":");
        string(out, node);
        fields.forEach((name, value) -> {
            out.append(',');
            string(out, name).append(':');
            value(out, value);
        });
        return out.append('}').toString();
    }

    private static void value(StringBuilder out, Object value) {
        if (value instanceof Boolean || value instanceof Long) {
            out.append(value);
        } else if (value instanceof Double d && Double.isFinite(d)) {
            out.append(d);
        } else {
            string(out, String.valueOf(value));
        }
    }

    private static StringBuilder string(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"');
    }
}
