package org.vireo.settings.internal;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;
import org.vireo.settings.BalancerOptions;

/**
 * Checks the balancer's configuration before config sync sends a change made here and before it applies one from
 * a peer: a scanner table this node's balancer would refuse (a bad value, a key it does not read, a garbled or
 * emptied file) is refused for every node, with the same message. Ports are not checked: which of them are free is
 * each node's own business, and each node's balancer checks them when it applies the configuration.
 */
@Component(property = DocumentValidator.DOCUMENTS + "=pid:" + BalancerOptions.PID, service = DocumentValidator.class)
public class BalancerValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        return ConfigurationText.problem(document, content, BalancerOptions::parse);
    }
}
