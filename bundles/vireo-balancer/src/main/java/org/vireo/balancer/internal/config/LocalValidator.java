package org.vireo.balancer.internal.config;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;

/**
 * Checks this node's sharing and send-to-master ({@value LocalOptions#PID}, node-local) with the balancer's parse of
 * that PID, before the management API writes it: a value it would refuse is refused there with the same message.
 */
@Component(property = DocumentValidator.DOCUMENTS + "=pid:" + LocalOptions.PID, service = DocumentValidator.class)
public class LocalValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        return ConfigurationText.problem(document, content, LocalOptions::parse);
    }
}
