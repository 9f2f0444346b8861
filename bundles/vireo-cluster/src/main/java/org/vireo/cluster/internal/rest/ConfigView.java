package org.vireo.cluster.internal.rest;

import java.util.Map;

import org.vireo.cluster.VersionedDocument;

/**
 * {@code GET /api/v1/config/<pid>}: a configuration as this node holds it.
 *
 * @param pid         the PID ({@code <factory>~<name>} for a factory configuration)
 * @param replicated  config sync replicates it to every member; else node-local
 * @param version     its version, also its ETag: {@code <millis>.<counter>@<node>} (replicated) or {@code local:<hex>};
 *                    null for a replicated one config sync holds no record of
 * @param writable    whether the API writes it here
 * @param notWritable why not; null when it does
 * @param properties  its properties as a {@code .cfg} file gives them: text, or lists of text; secrets hidden
 */
public record ConfigView(String pid, boolean replicated, String version, boolean writable, String notWritable,
                         Map<String, Object> properties) {

    static ConfigView of(VersionedDocument d) {
        return new ConfigView(ConfigResource.pid(d.id()), d.replicated(), d.version().orElse(null),
            d.notWritable().isEmpty(), d.notWritable().orElse(null), ConfigJson.view(d.content()));
    }

    /** A row of {@code GET /api/v1/config}: the same without the properties. */
    public record Entry(String pid, boolean replicated, String version, boolean writable, String notWritable) {

        static Entry of(VersionedDocument d) {
            return new Entry(ConfigResource.pid(d.id()), d.replicated(), d.version().orElse(null),
                d.notWritable().isEmpty(), d.notWritable().orElse(null));
        }
    }
}
