package org.vireo.metrics.internal;

import java.util.List;
import java.util.Map;

import org.vireo.config.ConfigReader;
import org.vireo.config.ConfigValues;

/** The metrics endpoint's configuration, PID {@value #PID}. */
record MetricsOptions(boolean loginRequired) {

    static final String PID = "org.vireo.metrics";
    static final boolean DEFAULT_LOGIN_REQUIRED = true;

    /** @throws IllegalArgumentException naming the PID, each bad key, its value and what is accepted */
    static MetricsOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        boolean login = ConfigValues.bool(raw, "loginRequired", DEFAULT_LOGIN_REQUIRED, errors);
        raw.refuseIfAny(ConfigReader.refusal(PID), errors);
        return new MetricsOptions(login);
    }
}
