package org.vireo.cluster;

import java.util.Collections;
import java.util.Dictionary;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Consumer;

import org.vireo.cluster.internal.docs.CanonicalConfig;

/**
 * The content of a {@code pid:} document, for a {@link DocumentValidator}: the configuration's properties as text
 * values (lists as string arrays), as a {@code .cfg} file gives them to a component.
 */
public final class ConfigurationText {

    private static final String PID_PREFIX = "pid:";

    private ConfigurationText() {
    }

    /**
     * @throws IllegalArgumentException if {@code content} is not a configuration's text, naming the line
     */
    public static Map<String, Object> properties(byte[] content) {
        Dictionary<String, Object> d = CanonicalConfig.decode(content);
        Map<String, Object> out = new TreeMap<>();
        for (String key : Collections.list(d.keys())) {
            out.put(key, d.get(key));
        }
        return out;
    }

    /**
     * What a {@link DocumentValidator} of a {@code pid:} document answers: the refusal of {@code parse}, the parse
     * the PID's component runs, given the properties as that component would get them (with their
     * {@code service.pid}, so that an empty configuration is refused as one); empty when it accepts them.
     */
    public static Optional<String> problem(String document, byte[] content, Consumer<Map<String, Object>> parse) {
        try {
            Map<String, Object> properties = properties(content);
            if (document.startsWith(PID_PREFIX)) {
                String pid = document.substring(PID_PREFIX.length());
                properties.put("service.pid", pid);
                if (pid.contains("~")) {
                    properties.put("service.factoryPid", pid.substring(0, pid.indexOf('~')));
                }
            }
            parse.accept(properties);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }
}
