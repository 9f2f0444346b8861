package org.vireo.vip.internal.announce;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;

/**
 * Checks how a new master announces its VIPs ({@code org.vireo.vip}, node-local) with the parse the announcer runs,
 * before the management API writes it: a value it would refuse is refused there with the same message.
 */
@Component(property = DocumentValidator.DOCUMENTS + "=pid:org.vireo.vip", service = DocumentValidator.class)
public class AnnounceValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        return ConfigurationText.problem(document, content, AnnounceOptions::parse);
    }
}
