package org.vireo.cluster;

import java.util.Optional;

/**
 * A configuration document as this node holds it.
 *
 * @param id          {@code pid:<PID>} or {@code file:<path under etc/>}
 * @param replicated  config sync replicates it (else it is node-local)
 * @param version     its version: a replicated document's current edit, or {@code local:<hex>}; empty for a
 *                    replicated document config sync holds no record of (a change made here that was refused)
 * @param content     a PID's canonical text, or the file's bytes
 * @param notWritable why it cannot be written here (no validator on this node checks it); empty when it can
 */
public record VersionedDocument(String id, boolean replicated, Optional<String> version, byte[] content,
                                Optional<String> notWritable) {

    public VersionedDocument {
        content = content.clone();
    }

    @Override
    public byte[] content() {
        return content.clone();
    }
}
