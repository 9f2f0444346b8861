package org.vireo.scanner.internal.rules;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The rules component's configuration, parsed once.
 *
 * @param file the rules file, absolute
 */
public record RulesOptions(Path file) {

    public static final String PID = "org.vireo.scanner.rules";
    static final String DEFAULT_FILE = "${karaf.etc}/vireo/rules.conf";

    /**
     * Parses a configuration as ConfigurationAdmin hands it over.
     *
     * @param karafEtc Karaf's etc folder (the system property {@code karaf.etc}), or {@code null} outside Karaf
     * @throws IllegalArgumentException naming the key, the value and what is accepted
     */
    public static RulesOptions parse(Map<String, ?> raw, String karafEtc) {
        Object value = raw.get("file");
        String written = value == null || String.valueOf(value).isBlank() ? DEFAULT_FILE : String.valueOf(value).strip();
        if (written.contains("${karaf.etc}") && karafEtc == null) {
            throw refused(written, "${karaf.etc} is not set outside Karaf; expected an absolute path");
        }
        String text = karafEtc == null ? written : written.replace("${karaf.etc}", karafEtc);
        try {
            Path file = Path.of(text);
            if (!file.isAbsolute()) {
                throw refused(written, "expected an absolute path (or one starting with ${karaf.etc})");
            }
            return new RulesOptions(file.normalize());
        } catch (InvalidPathException e) {
            throw refused(written, e.getReason() + "; expected an absolute path");
        }
    }

    private static IllegalArgumentException refused(String value, String why) {
        return new IllegalArgumentException("configuration " + PID + " refused: file = '" + value + "': " + why);
    }
}
