package org.vireo.notify.internal.syslog;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;

import org.vireo.events.NodeEvent;

/**
 * An event as an RFC 5424 syslog message: {@code <PRI>1 TIMESTAMP HOSTNAME vireo PROCID MSGID [SD] MSG}, the
 * message ID the event's type, its structured data the event's number and fields ({@code [vireo@32473 seq="42"
 * instance="vip1" ...]}), its message a line for people. Pure. Written by hand: the format is one line of RFC 5424,
 * and no maintained Java syslog client runs in OSGi (syslog4j is abandoned; logging back ends format their own
 * records, not an event's fields).
 */
final class SyslogMessage {

    /** RFC 5424 severities. */
    static final int WARNING = 4;
    static final int NOTICE = 5;

    /** What tells of a failure, as a field's value: the event is a warning then. */
    private static final Set<String> FAILURE_STATES = Set.of("FAULT", "DOWN");
    private static final Set<String> FAILURE_TYPES = Set.of("cluster.config_refused", "cluster.config_conflict",
        "cluster.member_left", "node.role_failed");

    private SyslogMessage() {
    }

    static int severity(NodeEvent event) {
        Object to = event.fields().get("to");
        return FAILURE_TYPES.contains(event.type()) || to != null && FAILURE_STATES.contains(String.valueOf(to))
            ? WARNING : NOTICE;
    }

    /**
     * @param facility RFC 5424's number (daemon: 3, local0: 16)
     * @param hostname the node's name as the collector shows it
     * @param sdId     the structured data's ID ({@code vireo@32473})
     */
    static String format(NodeEvent event, int facility, String hostname, long procId, String sdId) {
        StringBuilder out = new StringBuilder(256);
        out.append('<').append(facility * 8 + severity(event)).append(">1 ").append(event.timeText()).append(' ')
            .append(header(hostname, 255)).append(" vireo ").append(procId).append(' ')
            .append(header(event.type(), 32)).append(" [").append(sdId).append(" seq=\"").append(event.seq())
            .append('"');
        for (Map.Entry<String, Object> field : event.fields().entrySet()) {
            out.append(' ').append(paramName(field.getKey())).append("=\"").append(paramValue(field.getValue()))
                .append('"');
        }
        out.append("] ").append(summary(event));
        return out.toString();
    }

    /** The message: the type and the fields as {@code name=value}, on one line. */
    static String summary(NodeEvent event) {
        StringBuilder out = new StringBuilder(event.type());
        event.fields().forEach((name, value) -> out.append(' ').append(name).append('=').append(value));
        return out.toString().replaceAll("[\\r\\n]+", " ");
    }

    /** A header field: printable US-ASCII, no space, bounded; "-" when nothing is left (RFC 5424's NILVALUE). */
    private static String header(String value, int max) {
        StringBuilder out = new StringBuilder();
        for (char c : value.toCharArray()) {
            if (c > 32 && c < 127 && out.length() < max) {
                out.append(c);
            }
        }
        return out.isEmpty() ? "-" : out.toString();
    }

    /** A PARAM-NAME: at most 32 printable US-ASCII characters but '=', ' ', ']' and '"'. */
    private static String paramName(String name) {
        StringBuilder out = new StringBuilder();
        for (char c : name.toCharArray()) {
            if (c > 32 && c < 127 && c != '=' && c != ']' && c != '"' && out.length() < 32) {
                out.append(c);
            }
        }
        return out.isEmpty() ? "_" : out.toString();
    }

    /** A PARAM-VALUE: UTF-8, with '"', '\' and ']' escaped by a backslash (RFC 5424, 6.3.3). */
    private static String paramValue(Object value) {
        String text = String.valueOf(value);
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\' || c == ']') {
                out.append('\\');
            }
            out.append(c);
        }
        return out.toString();
    }

    /** The bytes of a message, cut to {@code max} bytes at a character's boundary. */
    static byte[] bytes(String message, int max) {
        byte[] all = message.getBytes(StandardCharsets.UTF_8);
        if (all.length <= max) {
            return all;
        }
        int end = max;
        while (end > 0 && (all[end] & 0xC0) == 0x80) {
            end--; // not inside a UTF-8 sequence
        }
        return java.util.Arrays.copyOf(all, end);
    }
}
