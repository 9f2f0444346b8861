package org.vireo.notify.internal;

import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.vireo.config.ConfigValues;
import org.vireo.config.Setting;

/** The host a sink sends to, as the kinds that name one give it (syslog, SNMP): a host name or an address. */
public final class SinkHost {

    private static final Pattern CHARS = Pattern.compile("[A-Za-z0-9.:_-]{1,253}");

    private SinkHost() {
    }

    /**
     * The host under {@code key}; a missing or bad one is told to {@code errors}.
     *
     * @param receiver what is there, for the message ({@code the collector})
     */
    public static String read(Map<String, ?> raw, Setting<String> key, String receiver, List<String> errors) {
        String host = ConfigValues.text(raw, key);
        if (host.isEmpty()) {
            errors.add(key + " is missing: expected " + receiver + "'s host name or address");
        } else if (!CHARS.matcher(host).matches()) {
            errors.add(key + " = '" + host + "': expected a host name or an address");
        }
        return host;
    }
}
