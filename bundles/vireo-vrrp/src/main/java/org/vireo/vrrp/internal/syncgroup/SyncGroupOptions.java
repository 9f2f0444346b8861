package org.vireo.vrrp.internal.syncgroup;

import static org.vireo.config.ConfigValues.list;
import static org.vireo.config.ConfigValues.text;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import org.vireo.config.ConfigReader;
import org.vireo.config.Setting;

/** The checked settings of one sync group (factory PID {@value #FACTORY_PID}). */
public record SyncGroupOptions(String name, List<String> instances) {

    public static final String FACTORY_PID = "org.vireo.vrrp.syncgroup";
    static final int MAX_INSTANCES = 16;

    static final Setting<String> NAME = Setting.of(SyncGroupConfig.class, SyncGroupConfig::name);
    static final Setting<String[]> INSTANCES = Setting.of(SyncGroupConfig.class, SyncGroupConfig::instances);
    // as instance names are written (InstanceOptions)
    private static final Pattern NAME_PATTERN = Pattern.compile("[A-Za-z0-9._-]{1,32}");

    public SyncGroupOptions {
        instances = List.copyOf(instances);
    }

    /** @throws IllegalArgumentException naming the group, every bad key, its value and what is accepted */
    static SyncGroupOptions parse(Map<String, ?> config) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        String name = text(raw, NAME);
        if (!NAME_PATTERN.matcher(name).matches()) {
            errors.add(NAME + " = '" + name + "': expected 1-32 letters, digits, '.', '_' or '-'");
        }
        List<String> instances = new ArrayList<>();
        for (String instance : list(raw, INSTANCES)) {
            if (!NAME_PATTERN.matcher(instance).matches()) {
                errors.add(INSTANCES + " holds '" + instance + "': expected instance names (1-32 letters, digits, '.',"
                    + " '_' or '-')");
            } else if (instances.contains(instance)) {
                errors.add(INSTANCES + " holds '" + instance + "' twice");
            } else {
                instances.add(instance);
            }
        }
        if (instances.size() < 2 || instances.size() > MAX_INSTANCES) {
            errors.add(INSTANCES + " has " + instances.size() + " instance names: a group has 2-" + MAX_INSTANCES);
        }
        raw.refuseIfAny(ConfigReader.refusal(FACTORY_PID, "", name), errors);
        return new SyncGroupOptions(name, instances);
    }
}
