package org.vireo.metrics.internal;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;

/**
 * Checks the metrics' settings ({@value MetricsOptions#PID}, node-local) with the parse the metrics run, before the
 * management API writes them: a value they would refuse is refused there with the same message.
 */
@Component(property = DocumentValidator.DOCUMENTS + "=pid:" + MetricsOptions.PID, service = DocumentValidator.class)
public class MetricsValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        return ConfigurationText.problem(document, content, MetricsOptions::parse);
    }
}
