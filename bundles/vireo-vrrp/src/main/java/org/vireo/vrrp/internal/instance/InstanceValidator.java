package org.vireo.vrrp.internal.instance;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;

/**
 * Checks a VRRP instance's configuration ({@code org.vireo.vrrp.instance~<name>}, node-local) with the parse each
 * instance runs, before the management API writes it: a value it would refuse is refused there with the same message.
 */
@Component(property = DocumentValidator.DOCUMENTS + "=pid:org.vireo.vrrp.instance~*", service = DocumentValidator.class)
public class InstanceValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        return ConfigurationText.problem(document, content, InstanceOptions::parse);
    }
}
