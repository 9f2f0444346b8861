package org.vireo.rules.internal;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;

/** Checks the rules component's configuration before config sync sends a change made here or applies a peer's. */
@Component(property = DocumentValidator.DOCUMENTS + "=pid:" + RulesOptions.PID, service = DocumentValidator.class)
public class RulesOptionsValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        return ConfigurationText.problem(document, content,
            properties -> RulesOptions.parse(properties, System.getProperty("karaf.etc")));
    }
}
