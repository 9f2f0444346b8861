package org.vireo.notify.internal.hook;

import static org.vireo.config.ConfigValues.integer;
import static org.vireo.config.ConfigValues.list;
import static org.vireo.config.ConfigValues.text;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.vireo.config.ConfigReader;
import org.vireo.config.Setting;
import org.vireo.notify.internal.EventFilter;
import org.vireo.notify.internal.SinkName;

/**
 * One hook's configuration, factory PID {@value #FACTORY_PID}.
 *
 * @param name      its name
 * @param command   the executable, an absolute path
 * @param arguments the arguments before those of the event
 * @param events    the event types it is run for
 * @param timeoutMillis how long one run may take
 * @param holdReleaseMillis 0: not a pre-release hook; else how long a master's graceful release of its VIPs waits
 *                  for its run (docs/notifications.md, "Pre-release hooks")
 */
record HookOptions(String name, Path command, List<String> arguments, EventFilter events, long timeoutMillis,
                   long holdReleaseMillis) {

    static final String FACTORY_PID = "org.vireo.notify.hook";

    // the keys as HookConfig declares them, with their defaults
    static final Setting<String> NAME = Setting.of(HookConfig.class, HookConfig::name);
    static final Setting<String> COMMAND = Setting.of(HookConfig.class, HookConfig::command);
    static final Setting<String[]> ARGUMENTS = Setting.of(HookConfig.class, HookConfig::arguments);
    static final Setting<String[]> EVENTS = Setting.of(HookConfig.class, HookConfig::events);
    static final Setting<Integer> TIMEOUT_SECONDS = Setting.of(HookConfig.class, HookConfig::timeoutSeconds);
    static final Setting<Integer> HOLD_RELEASE_SECONDS =
        Setting.of(HookConfig.class, HookConfig::holdReleaseSeconds);

    HookOptions {
        arguments = List.copyOf(arguments);
    }

    /** @throws IllegalArgumentException naming the PID and the hook, each bad key, its value and what is accepted */
    static HookOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        String name = SinkName.read(raw, NAME, "hook", errors);
        String command = text(raw, COMMAND);
        if (command.isEmpty()) {
            errors.add(COMMAND + " is missing: expected the absolute path of an executable (/etc/vireo/notify.sh)");
        } else if (!command.startsWith("/") || command.contains("\0")) {
            errors.add(COMMAND + " = '" + command + "': expected an absolute path (no shell runs it, no PATH is"
                + " searched)");
        }
        List<String> arguments = list(raw, ARGUMENTS);
        int timeout = integer(raw, TIMEOUT_SECONDS, 1, 3600, errors);
        int hold = integer(raw, HOLD_RELEASE_SECONDS, 0, 600, errors);
        List<String> types = list(raw, EVENTS);
        // a hook that only runs before releases takes no event
        EventFilter events = types.isEmpty() && hold > 0 ? new EventFilter(List.of())
            : EventFilter.parse(EVENTS.key(), types, errors);
        raw.refuseIfAny(ConfigReader.refusal(FACTORY_PID, "hook", name), errors);
        return new HookOptions(name, Path.of(command), arguments, events, timeout * 1000L, hold * 1000L);
    }
}
