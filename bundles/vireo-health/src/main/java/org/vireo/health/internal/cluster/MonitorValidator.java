package org.vireo.health.internal.cluster;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.cluster.ConfigurationText;
import org.vireo.cluster.DocumentValidator;
import org.vireo.health.internal.monitor.MonitorOptions;

/**
 * Checks a health monitor's configuration changed on this node before config sync sends it: one this node's
 * monitors would refuse is refused for every node, with the same message.
 */
@Component(property = DocumentValidator.DOCUMENTS + "=pid:org.vireo.health.monitor~*",
    service = DocumentValidator.class)
public class MonitorValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        try {
            MonitorOptions.parse(ConfigurationText.properties(content));
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }
}
