package org.vireo.node.internal;

import java.io.IOException;
import java.util.Collections;
import java.util.Dictionary;
import java.util.HashMap;
import java.util.Hashtable;
import java.util.Map;

import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.vireo.node.NodeIdentity;
import org.vireo.node.Role;

/** {@link NodeConfigStore} on ConfigurationAdmin; Karaf writes the changes back to etc/org.vireo.node.cfg. */
final class ConfigAdminNodeConfigStore implements NodeConfigStore {

    private final ConfigurationAdmin configurationAdmin;

    ConfigAdminNodeConfigStore(ConfigurationAdmin configurationAdmin) {
        this.configurationAdmin = configurationAdmin;
    }

    @Override
    public Map<String, Object> read() throws IOException {
        Configuration[] found;
        try {
            // listConfigurations, not getConfiguration: reading must not create an empty configuration
            found = configurationAdmin.listConfigurations("(service.pid=" + NodeIdentity.PID + ")");
        } catch (InvalidSyntaxException e) {
            throw new IllegalStateException(e); // a constant filter
        }
        Dictionary<String, Object> properties = found == null || found.length == 0 ? null : found[0].getProperties();
        if (properties == null) {
            return Map.of();
        }
        Map<String, Object> map = new HashMap<>();
        for (String key : Collections.list(properties.keys())) {
            map.put(key, properties.get(key));
        }
        return map;
    }

    @Override
    public void writeRole(Role role, boolean alsoScan) throws IOException {
        Configuration configuration = configurationAdmin.getConfiguration(NodeIdentity.PID, "?");
        Dictionary<String, Object> properties = configuration.getProperties();
        if (properties == null) {
            properties = new Hashtable<>();
        }
        if (role.label().equals(properties.get(NodeOptions.ROLE.key()))
            && String.valueOf(alsoScan).equals(String.valueOf(properties.get(NodeOptions.ALSO_SCAN.key())))) {
            return;
        }
        properties.put(NodeOptions.ROLE.key(), role.label());
        properties.put(NodeOptions.ALSO_SCAN.key(), String.valueOf(alsoScan));
        configuration.update(properties);
    }
}
