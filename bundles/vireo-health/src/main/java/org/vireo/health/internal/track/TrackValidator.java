package org.vireo.health.internal.track;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;

/**
 * Checks a tracked group ({@code org.vireo.health.track~<instance>}, node-local) with the parse each group runs,
 * before the management API writes it: a value it would refuse is refused there with the same message.
 */
@Component(property = DocumentValidator.DOCUMENTS + "=pid:org.vireo.health.track~*", service = DocumentValidator.class)
public class TrackValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        return ConfigurationText.problem(document, content, TrackOptions::parse);
    }
}
