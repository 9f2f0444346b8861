package org.vireo.node.internal;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;

/**
 * Checks this node's identity and role ({@code org.vireo.node}, node-local) with the parse the node component runs,
 * before the management API writes it: a value it would refuse is refused there with the same message.
 */
@Component(property = DocumentValidator.DOCUMENTS + "=pid:org.vireo.node", service = DocumentValidator.class)
public class NodeValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        return ConfigurationText.problem(document, content, NodeComponent::parse);
    }
}
