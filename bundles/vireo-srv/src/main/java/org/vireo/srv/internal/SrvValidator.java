package org.vireo.srv.internal;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;

/**
 * Checks the srv commands' settings ({@value SrvOptions#PID}, node-local) with the parse the commands run, before the
 * management API writes them: a value they would refuse is refused there with the same message.
 */
@Component(property = DocumentValidator.DOCUMENTS + "=pid:" + SrvOptions.PID, service = DocumentValidator.class)
public class SrvValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        return ConfigurationText.problem(document, content, SrvOptions::parse);
    }
}
