package org.vireo.cluster.internal.node;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;

/**
 * Checks this node's membership ({@value SyncOptions#PID}, node-local) with the parse the cluster component runs on
 * a change, before the management API writes it: a value or key it would refuse is refused there with the same
 * message. Whether a new cluster port is free is checked when the component takes the change up, as for a file.
 */
@Component(property = DocumentValidator.DOCUMENTS + "=pid:" + SyncOptions.PID, service = DocumentValidator.class)
public class ClusterConfigValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        return ConfigurationText.problem(document, content, p -> ClusterComponent.syncOptions(p,
            System.getProperty("karaf.etc")));
    }
}
