package org.vireo.vip.internal.announce;

import static org.vireo.config.ConfigValues.integer;

import java.util.List;
import java.util.Map;

import org.vireo.config.ConfigReader;

/** The checked settings of PID {@value #PID}; every error names the key, the value and what is accepted. */
record AnnounceOptions(int garpRepeat, int garpDelaySeconds, int garpRefreshSeconds) {

    static final String PID = "org.vireo.vip";
    static final AnnounceOptions DEFAULTS = new AnnounceOptions(5, 5, 0);

    /** @throws IllegalArgumentException naming every bad key */
    static AnnounceOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        int repeat = integer(raw, "garpRepeat", DEFAULTS.garpRepeat, 1, 100, errors);
        int delay = integer(raw, "garpDelaySeconds", DEFAULTS.garpDelaySeconds, 0, 3600, errors);
        int refresh = integer(raw, "garpRefreshSeconds", DEFAULTS.garpRefreshSeconds, 0, 86_400, errors);
        raw.refuseIfAny(ConfigReader.refusal(PID), errors);
        return new AnnounceOptions(repeat, delay, refresh);
    }
}
