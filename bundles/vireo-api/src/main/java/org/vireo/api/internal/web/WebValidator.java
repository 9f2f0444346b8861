package org.vireo.api.internal.web;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;

/**
 * Checks the API's HTTPS settings ({@value WebOptions#PID}, node-local) with the parse the listener runs, before the
 * management API writes it: a value it would refuse is refused there with the same message.
 */
@Component(property = DocumentValidator.DOCUMENTS + "=pid:" + WebOptions.PID, service = DocumentValidator.class)
public class WebValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        return ConfigurationText.problem(document, content, WebOptions::parse);
    }
}
