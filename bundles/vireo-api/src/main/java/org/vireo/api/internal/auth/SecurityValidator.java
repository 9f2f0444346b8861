package org.vireo.api.internal.auth;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;

/**
 * Checks the API's logins ({@value SecurityOptions#PID}, node-local) with the parse the API runs, before the
 * management API writes it: a value it would refuse is refused there with the same message.
 */
@Component(property = DocumentValidator.DOCUMENTS + "=pid:" + SecurityOptions.PID, service = DocumentValidator.class)
public class SecurityValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        return ConfigurationText.problem(document, content, SecurityOptions::parse);
    }
}
