package org.vireo.events.internal;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;

/**
 * Checks the event log's settings ({@code org.vireo.events}, node-local) with the parse the log runs, before the
 * management API writes them: a value it would refuse is refused there with the same message.
 */
@Component(property = DocumentValidator.DOCUMENTS + "=pid:org.vireo.events", service = DocumentValidator.class)
public class EventsValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        return ConfigurationText.problem(document, content, EventsOptions::parse);
    }
}
