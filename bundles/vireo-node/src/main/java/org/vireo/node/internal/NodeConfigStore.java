package org.vireo.node.internal;

import java.io.IOException;
import java.util.Map;

import org.vireo.node.Role;

/** Where the node configuration is kept: ConfigurationAdmin (and so etc/org.vireo.node.cfg) at run time. */
interface NodeConfigStore {

    /** The configuration as stored now, not as an earlier change event carried it; empty if there is none. */
    Map<String, Object> read() throws IOException;

    /** Records the role, keeping every other key. Writes nothing if both are recorded already. */
    void writeRole(Role role, boolean alsoScan) throws IOException;
}
