package org.vireo.notify.internal;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The event types a sink takes: a type ({@code vrrp.transition}), a part ({@code health.*}) or everything
 * ({@code *}).
 */
public record EventFilter(List<String> patterns) {

    private static final Pattern TYPE = Pattern.compile("[a-z][a-z0-9_]{0,31}\\.([a-z][a-z0-9_]{0,63}|\\*)|\\*");

    public EventFilter {
        patterns = List.copyOf(patterns);
    }

    /**
     * @param key    the configuration key, for messages
     * @param errors where a bad pattern or an empty list is told, with what is accepted
     */
    public static EventFilter parse(String key, List<String> items, List<String> errors) {
        if (items.isEmpty()) {
            errors.add(key + " is empty: expected event types (vrrp.transition), parts (health.*) or *");
        }
        for (String item : items) {
            if (!TYPE.matcher(item).matches()) {
                errors.add(key + " holds '" + item + "': expected an event type (vrrp.transition), a part"
                    + " (health.*) or * (docs/api.md#types lists the types)");
            }
        }
        return new EventFilter(items.stream().distinct().toList());
    }

    public boolean takes(String type) {
        for (String p : patterns) {
            if (p.equals("*") || p.equals(type)
                || p.endsWith(".*") && type.startsWith(p.substring(0, p.length() - 1))) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return String.join(", ", patterns);
    }
}
