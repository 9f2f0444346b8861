package org.vireo.metrics.internal;

import java.util.List;
import java.util.Map;

import org.vireo.config.ConfigReader;
import org.vireo.config.ConfigValues;
import org.vireo.config.Setting;

/** The metrics endpoint's configuration, PID {@value #PID}. */
record MetricsOptions(boolean loginRequired) {

    static final String PID = "org.vireo.metrics";
    // the key as MetricsConfig (the PID's metatype) declares it, with its default
    static final Setting<Boolean> LOGIN_REQUIRED = Setting.of(MetricsConfig.class, MetricsConfig::loginRequired);

    /** @throws IllegalArgumentException naming the PID, each bad key, its value and what is accepted */
    static MetricsOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        boolean login = ConfigValues.bool(raw, LOGIN_REQUIRED, errors);
        raw.refuseIfAny(ConfigReader.refusal(PID), errors);
        return new MetricsOptions(login);
    }
}
