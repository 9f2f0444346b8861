package org.vireo.settings.internal;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;
import org.vireo.settings.MonitorOptions;

/**
 * Checks a health monitor's configuration changed on this node before config sync sends it: one this node's
 * monitors would refuse is refused for every node, with the same message.
 */
@Component(property = DocumentValidator.DOCUMENTS + "=pid:" + MonitorOptions.FACTORY_PID + "~*",
    service = DocumentValidator.class)
public class MonitorValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        return ConfigurationText.problem(document, content, MonitorOptions::parse);
    }
}
