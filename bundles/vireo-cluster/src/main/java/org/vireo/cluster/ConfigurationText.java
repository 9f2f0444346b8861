package org.vireo.cluster;

import java.util.Collections;
import java.util.Dictionary;
import java.util.Map;
import java.util.TreeMap;

import org.vireo.cluster.internal.docs.CanonicalConfig;

/**
 * The content of a {@code pid:} document, for a {@link DocumentValidator}: the configuration's properties as text
 * values (lists as string arrays), as a {@code .cfg} file gives them to a component.
 */
public final class ConfigurationText {

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
}
