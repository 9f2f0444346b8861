package org.vireo.scanner.internal.rules;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.cluster.ConfigurationText;
import org.vireo.cluster.DocumentValidator;

/** Checks the rules component's configuration changed on this node before config sync sends it. */
@Component(property = DocumentValidator.DOCUMENTS + "=pid:" + RulesOptions.PID, service = DocumentValidator.class)
public class RulesOptionsValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        try {
            RulesOptions.parse(ConfigurationText.properties(content), System.getProperty("karaf.etc"));
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }
}
