package org.vireo.settings;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.vireo.config.Setting;

/** What a monitor checks, and the configuration keys that belong to that kind of check. */
public enum MonitorType {
    TCP(MonitorOptions.HOST, MonitorOptions.PORT),
    HTTP(MonitorOptions.URL, MonitorOptions.EXPECT_STATUS, MonitorOptions.BODY_MATCH, MonitorOptions.TLS_VERIFY),
    LINK(MonitorOptions.INTERFACE_NAME),
    COMMAND(MonitorOptions.COMMAND);

    private final List<String> keys;

    MonitorType(Setting<?>... settings) {
        this.keys = Stream.of(settings).map(Setting::key).toList();
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
