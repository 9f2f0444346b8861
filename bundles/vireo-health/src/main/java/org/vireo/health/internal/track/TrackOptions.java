package org.vireo.health.internal.track;

import static org.vireo.config.ConfigValues.integer;
import static org.vireo.config.ConfigValues.list;
import static org.vireo.config.ConfigValues.text;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.vireo.config.ConfigReader;
import org.vireo.config.Setting;
import org.vireo.health.TrackMode;
import org.vireo.health.TrackedGroup;

/**
 * One tracked group's configuration, parsed and checked once; every error names the key, the value and what is
 * accepted. Each key's name and default is {@link TrackConfig}'s, the factory PID's metatype.
 *
 * @param instance             the VRRP instance whose priority it sets
 * @param monitors             monitor names, in the order given, without repeats
 * @param interfaceWeights     tracked interface -> what it subtracts while down, in the order given
 * @param interfaceCheckMillis how often the interfaces are read
 */
public record TrackOptions(String instance, TrackMode mode, List<String> monitors,
                           Map<String, Integer> interfaceWeights, int interfaceCheckMillis) {

    // the keys as TrackConfig declares them, with their defaults
    static final Setting<String> INSTANCE = Setting.of(TrackConfig.class, TrackConfig::instance);
    static final Setting<String> MODE = Setting.of(TrackConfig.class, TrackConfig::mode);
    static final Setting<String[]> MONITORS = Setting.of(TrackConfig.class, TrackConfig::monitors);
    static final Setting<String[]> INTERFACES = Setting.of(TrackConfig.class, TrackConfig::interfaces);
    static final Setting<Integer> INTERFACE_WEIGHT = Setting.of(TrackConfig.class, TrackConfig::interfaceWeight);
    static final Setting<Integer> INTERFACE_CHECK_MILLIS =
        Setting.of(TrackConfig.class, TrackConfig::interfaceCheckMillis);

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9._-]{1,32}");
    private static final Pattern INTERFACE = Pattern.compile("[A-Za-z0-9._-]{1,15}");
    private static final String WEIGHTS = "1-254";

    /** The monitor a refused configuration's group waits for: never a monitor's name, so always missing. */
    static final String REFUSED = "(its configuration is refused)";

    /**
     * What holds {@code instance} at priority 0 while its tracked group's configuration is refused and none was ever
     * accepted: mode ALL of a monitor that never comes. Running untracked instead, at its base priority, a node whose
     * checks would fail could take the VIP.
     */
    static TrackOptions holding(String instance) {
        return new TrackOptions(instance, TrackMode.ALL, List.of(REFUSED), Map.of(),
            INTERFACE_CHECK_MILLIS.defaultValue());
    }

    /** The instance a configuration names, if it is a name, even when the rest of it is refused. */
    static Optional<String> instanceOf(Map<String, ?> config) {
        Object instance = config.get(INSTANCE.key());
        if (instance == null) {
            return Optional.empty();
        }
        try {
            return Optional.of(parse(Map.of(INSTANCE.key(), instance)).instance());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    public TrackOptions {
        monitors = List.copyOf(monitors);
        interfaceWeights = Collections.unmodifiableMap(new LinkedHashMap<>(interfaceWeights));
    }

    /**
     * Parses a configuration as ConfigurationAdmin hands it over.
     *
     * @throws IllegalArgumentException naming the PID, every bad key, its value and what is accepted
     */
    public static TrackOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        String instance = text(raw, INSTANCE);
        if (instance.isEmpty()) {
            errors.add(INSTANCE + " is missing: expected the name of the VRRP instance to track for");
        } else if (!NAME.matcher(instance).matches()) {
            errors.add(INSTANCE + " = '" + instance + "': expected a VRRP instance name, 1-32 letters, digits, '.', '_'"
                + " or '-'");
        }
        TrackMode mode = mode(text(raw, MODE), errors);
        List<String> monitors = new ArrayList<>();
        for (String m : list(raw, MONITORS)) {
            if (!NAME.matcher(m).matches()) {
                errors.add(MONITORS + " holds '" + m + "': expected monitor names, 1-32 letters, digits, '.', '_' or"
                    + " '-'");
            } else if (monitors.contains(m)) {
                errors.add(MONITORS + " holds '" + m + "' twice");
            } else {
                monitors.add(m);
            }
        }
        int weight = integer(raw, INTERFACE_WEIGHT, 1, 254, errors);
        Map<String, Integer> interfaces = interfaces(list(raw, INTERFACES), weight, errors);
        int check = integer(raw, INTERFACE_CHECK_MILLIS, 100, 3_600_000, errors);
        raw.refuseIfAny(ConfigReader.refusal(TrackedGroup.FACTORY_PID, "for instance", instance), errors);
        return new TrackOptions(instance, mode, monitors, interfaces, check);
    }

    private static TrackMode mode(String s, List<String> errors) {
        try {
            return TrackMode.valueOf(s.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            errors.add(MODE + " = '" + s + "': expected one of " + Arrays.stream(TrackMode.values()).map(Enum::name)
                .collect(Collectors.joining(", ")) + " (any case)");
            return TrackMode.NONE;
        }
    }

    /** {@code eth1} (the default weight) or {@code eth1:20}. */
    private static Map<String, Integer> interfaces(List<String> items, int defaultWeight, List<String> errors) {
        Map<String, Integer> result = new LinkedHashMap<>();
        for (String item : items) {
            int colon = item.indexOf(':');
            String name = (colon < 0 ? item : item.substring(0, colon)).trim();
            String weightText = colon < 0 ? null : item.substring(colon + 1).trim();
            if (!INTERFACE.matcher(name).matches()) {
                errors.add(INTERFACES + " holds '" + item + "': expected NAME or NAME:WEIGHT, NAME 1-15 letters,"
                    + " digits, '.', '_' or '-'");
                continue;
            }
            int weight = defaultWeight;
            if (weightText != null) {
                try {
                    weight = Integer.parseInt(weightText);
                } catch (NumberFormatException e) {
                    weight = -1;
                }
                if (weight < 1 || weight > 254) {
                    errors.add(INTERFACES + " holds '" + item + "': the weight after ':' must be " + WEIGHTS);
                    continue;
                }
            }
            if (result.putIfAbsent(name, weight) != null) {
                errors.add(INTERFACES + " holds '" + name + "' twice");
            }
        }
        return result;
    }
}
