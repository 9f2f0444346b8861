package org.vireo.vip.internal.announce;

import static org.vireo.config.ConfigValues.bool;
import static org.vireo.config.ConfigValues.integer;

import java.util.List;
import java.util.Map;

import org.vireo.config.ConfigReader;
import org.vireo.config.Setting;

/** The checked settings of PID {@value #PID}; every error names the key, the value and what is accepted. */
record AnnounceOptions(int garpRepeat, int garpDelaySeconds, int garpRefreshSeconds, boolean neighbourAdvertRouter) {

    static final String PID = "org.vireo.vip";

    // the keys as AnnounceConfig (the PID's metatype) declares them, with their defaults
    static final Setting<Integer> GARP_REPEAT = Setting.of(AnnounceConfig.class, AnnounceConfig::garpRepeat);
    static final Setting<Integer> GARP_DELAY_SECONDS = Setting.of(AnnounceConfig.class,
        AnnounceConfig::garpDelaySeconds);
    static final Setting<Integer> GARP_REFRESH_SECONDS = Setting.of(AnnounceConfig.class,
        AnnounceConfig::garpRefreshSeconds);
    static final Setting<Boolean> NEIGHBOUR_ADVERT_ROUTER = Setting.of(AnnounceConfig.class,
        AnnounceConfig::neighbourAdvertRouter);

    static final AnnounceOptions DEFAULTS = new AnnounceOptions(GARP_REPEAT.defaultValue(),
        GARP_DELAY_SECONDS.defaultValue(), GARP_REFRESH_SECONDS.defaultValue(),
        NEIGHBOUR_ADVERT_ROUTER.defaultValue());

    /** @throws IllegalArgumentException naming every bad key */
    static AnnounceOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        int repeat = integer(raw, GARP_REPEAT, 1, 100, errors);
        int delay = integer(raw, GARP_DELAY_SECONDS, 0, 3600, errors);
        int refresh = integer(raw, GARP_REFRESH_SECONDS, 0, 86_400, errors);
        boolean router = bool(raw, NEIGHBOUR_ADVERT_ROUTER, errors);
        raw.refuseIfAny(ConfigReader.refusal(PID), errors);
        return new AnnounceOptions(repeat, delay, refresh, router);
    }
}
