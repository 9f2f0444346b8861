package org.vireo.events.internal;

import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.osgi.service.event.Event;
import org.osgi.service.event.EventConstants;
import org.vireo.config.ConfigErrors;
import org.vireo.events.NodeEvent;

/**
 * An EventAdmin event as the log keeps it: the type from its topic, and its properties as bounded simple fields
 * whatever a source posts, so that an event costs the log a bounded amount of memory and every reader can write it.
 */
final class EventFields {

    /** Fields kept of one event (the first by name). */
    static final int MAX_FIELDS = 32;
    /** Characters of a field's name and of a text value. */
    static final int MAX_NAME = 64;
    static final int MAX_TEXT = 256;

    private static final String PREFIX = "org/vireo/";
    /**
     * What EventAdmin puts in events: the topic and the time of posting (Felix's), which the log's own type, number
     * and time say; and, in Karaf, the {@code subject} of an event posted from a shell session (the logged-in user's
     * principals and roles), which is not the event's to tell every reader and sink.
     */
    static final Set<String> ADDED_BY_EVENT_ADMIN = Set.of(EventConstants.EVENT_TOPIC, EventConstants.TIMESTAMP,
        "subject");

    private EventFields() {
    }

    /** {@code org/vireo/vrrp/TRANSITION} -> {@code vrrp.transition}. */
    static String type(String topic) {
        String rest = topic.startsWith(PREFIX) ? topic.substring(PREFIX.length()) : topic;
        return ConfigErrors.shorten(rest.replace('/', '.').toLowerCase(Locale.ROOT), MAX_NAME);
    }

    /**
     * The properties as fields: strings (cut to {@value #MAX_TEXT} characters, control characters escaped), whole
     * numbers as longs, other numbers as doubles (text if not finite), booleans; anything else as its text. The
     * properties EventAdmin adds (the topic, the time of posting) and the names of {@link NodeEvent#RESERVED} are left
     * out.
     */
    static Map<String, Object> of(Event event) {
        Map<String, Object> fields = new TreeMap<>();
        for (String name : event.getPropertyNames()) {
            if (!ADDED_BY_EVENT_ADMIN.contains(name) && !NodeEvent.RESERVED.contains(name)) {
                fields.put(ConfigErrors.shorten(name, MAX_NAME), value(event.getProperty(name)));
            }
        }
        while (fields.size() > MAX_FIELDS) {
            fields.remove(((TreeMap<String, Object>) fields).lastKey());
        }
        return fields;
    }

    static Object value(Object v) {
        if (v instanceof Boolean) {
            return v;
        }
        if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
            return ((Number) v).longValue();
        }
        if (v instanceof Number n && Double.isFinite(n.doubleValue())) {
            return n.doubleValue();
        }
        return ConfigErrors.shorten(String.valueOf(v), MAX_TEXT);
    }
}
