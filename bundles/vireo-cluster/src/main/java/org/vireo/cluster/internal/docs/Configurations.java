package org.vireo.cluster.internal.docs;

import java.io.IOException;
import java.util.Optional;
import java.util.Set;

/** This node's configurations by PID, as canonical texts ({@link org.vireo.config.ConfigurationText}). */
public interface Configurations {

    /** Every PID with a configuration here. */
    Set<String> all() throws IOException;

    /** The configuration's canonical text; empty when it does not exist. */
    Optional<byte[]> read(String pid) throws IOException;

    /** Makes the configuration hold {@code content}, written back to the etc/ file it came from. */
    void write(String pid, byte[] content) throws IOException;
}
