package org.vireo.rules.internal;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.vireo.config.ConfigReader;
import org.vireo.config.Setting;

/**
 * The rules component's configuration, parsed once.
 *
 * @param file the rules file, absolute
 */
public record RulesOptions(Path file) {

    public static final String PID = "org.vireo.scanner.rules";

    // the key as RulesConfig (the PID's metatype) declares it, with its default
    static final Setting<String> FILE = Setting.of(RulesConfig.class, RulesConfig::file);

    /**
     * Parses a configuration as ConfigurationAdmin hands it over.
     *
     * @param karafEtc Karaf's etc folder (the system property {@code karaf.etc}), or {@code null} outside Karaf
     * @throws IllegalArgumentException naming the key, the value and what is accepted, and every key it does not read
     */
    public static RulesOptions parse(Map<String, ?> config, String karafEtc) {
        ConfigReader raw = ConfigReader.of(config);
        List<String> errors = raw.errors();
        Object value = raw.get(FILE.key());
        // the declared default is written as an operator would write it: file() replaces its ${karaf.etc}
        String written = value == null || String.valueOf(value).isBlank() ? FILE.defaultValue()
            : String.valueOf(value).strip();
        Path file = file(written, karafEtc, errors);
        raw.refuseIfAny(ConfigReader.refusal(PID), errors);
        return new RulesOptions(file);
    }

    private static Path file(String written, String karafEtc, List<String> errors) {
        if (written.contains("${karaf.etc}") && karafEtc == null) {
            errors.add(FILE + " = '" + written + "': ${karaf.etc} is not set outside Karaf; expected an absolute path");
            return null;
        }
        String text = karafEtc == null ? written : written.replace("${karaf.etc}", karafEtc);
        try {
            Path file = Path.of(text);
            if (!file.isAbsolute()) {
                errors.add(FILE + " = '" + written + "': expected an absolute path (or one starting with"
                    + " ${karaf.etc})");
            }
            return file.normalize();
        } catch (InvalidPathException e) {
            errors.add(FILE + " = '" + written + "': " + e.getReason() + "; expected an absolute path");
            return null;
        }
    }
}
