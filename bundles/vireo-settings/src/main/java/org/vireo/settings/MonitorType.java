package org.vireo.settings;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/** What a monitor checks, and the configuration keys that belong to that kind of check. */
public enum MonitorType {
    TCP("host", "port"),
    HTTP("url", "expectStatus", "bodyMatch", "tlsVerify"),
    LINK("interface"),
    COMMAND("command");

    private final List<String> keys;

    MonitorType(String... keys) {
        this.keys = List.of(keys);
    }

    /** The value of the {@code type} key. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The keys only this type reads. */
    public List<String> keys() {
        return keys;
    }

    static Optional<MonitorType> of(String key) {
        return Arrays.stream(values()).filter(t -> t.key().equals(key)).findFirst();
    }

    static String accepted() {
        return Arrays.stream(values()).map(MonitorType::key).collect(Collectors.joining(", "));
    }
}
