package org.vireo.scanner.internal.proxy;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;

/**
 * Checks the proxy's configuration ({@value ProxyOptions#PID}, node-local) with the parse the proxy runs, before the
 * management API writes it: a value it would refuse is refused there with the same message.
 */
@Component(property = DocumentValidator.DOCUMENTS + "=pid:" + ProxyOptions.PID, service = DocumentValidator.class)
public class ProxyValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        return ConfigurationText.problem(document, content, ProxyOptions::parse);
    }
}
