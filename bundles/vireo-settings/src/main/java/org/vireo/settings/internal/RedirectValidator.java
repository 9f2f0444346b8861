package org.vireo.settings.internal;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;
import org.vireo.settings.RedirectOptions;

/**
 * Checks the redirect balancer's cluster-wide configuration before config sync sends a change made here and before
 * it applies one from a peer: one this node would refuse (a bad value, a key it does not read, a garbled or emptied
 * file) is refused for every node, with the same message. Its node-local part ({@value RedirectOptions#LOCAL_PID})
 * too, before the management API writes it: the same parse reads both.
 */
@Component(property = {DocumentValidator.DOCUMENTS + "=pid:" + RedirectOptions.PID,
    DocumentValidator.DOCUMENTS + "=pid:" + RedirectOptions.LOCAL_PID}, service = DocumentValidator.class)
public class RedirectValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        return ConfigurationText.problem(document, content, RedirectOptions::parse);
    }
}
