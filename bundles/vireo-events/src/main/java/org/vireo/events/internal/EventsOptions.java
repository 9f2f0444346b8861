package org.vireo.events.internal;

import java.util.List;
import java.util.Map;

import org.vireo.config.ConfigReader;
import org.vireo.config.ConfigValues;
import org.vireo.config.Setting;
import org.vireo.events.EventLog;

/**
 * The event log's configuration, PID {@value EventLog#PID}.
 *
 * @param history        events held for readers that resume or page (the oldest go first)
 * @param backlog        events a subscriber may fall behind before it is dropped
 * @param maxSubscribers subscriptions at once (each has a thread): API streams and notification sinks
 */
record EventsOptions(int history, int backlog, int maxSubscribers) {

    // the keys as EventsConfig (the PID's metatype) declares them, with their defaults
    static final Setting<Integer> HISTORY = Setting.of(EventsConfig.class, EventsConfig::history);
    static final Setting<Integer> BACKLOG = Setting.of(EventsConfig.class, EventsConfig::backlog);
    static final Setting<Integer> MAX_SUBSCRIBERS = Setting.of(EventsConfig.class, EventsConfig::maxSubscribers);
    static final EventsOptions DEFAULTS = new EventsOptions(HISTORY.defaultValue(), BACKLOG.defaultValue(),
        MAX_SUBSCRIBERS.defaultValue());

    /** @throws IllegalArgumentException naming the PID, each bad key, its value and what is accepted */
    static EventsOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        int history = ConfigValues.integer(raw, HISTORY, 10, 100_000, errors);
        int backlog = ConfigValues.integer(raw, BACKLOG, 10, 100_000, errors);
        int max = ConfigValues.integer(raw, MAX_SUBSCRIBERS, 1, 1000, errors);
        raw.refuseIfAny(ConfigReader.refusal(EventLog.PID), errors);
        return new EventsOptions(history, backlog, max);
    }
}
