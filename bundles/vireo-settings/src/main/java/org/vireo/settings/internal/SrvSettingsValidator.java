package org.vireo.settings.internal;

import java.util.Optional;

import org.osgi.service.component.annotations.Component;
import org.vireo.config.ConfigurationText;
import org.vireo.config.DocumentValidator;
import org.vireo.settings.DnsOptions;
import org.vireo.settings.RedirectOptions;

/**
 * Checks vireo-srv's cluster-wide configurations, the redirect balancer's and the DNS responder's, before config sync
 * sends a change made here and before it applies one from a peer: one this node would refuse (a bad value, a key it
 * does not read, a garbled or emptied file) is refused for every node, with the same message. Their node-local parts
 * ({@value RedirectOptions#LOCAL_PID}, {@value DnsOptions#LOCAL_PID}) too, before the management API writes them: the
 * same parse reads both PIDs of each.
 */
@Component(property = {DocumentValidator.DOCUMENTS + "=pid:" + RedirectOptions.PID,
    DocumentValidator.DOCUMENTS + "=pid:" + RedirectOptions.LOCAL_PID,
    DocumentValidator.DOCUMENTS + "=pid:" + DnsOptions.PID,
    DocumentValidator.DOCUMENTS + "=pid:" + DnsOptions.LOCAL_PID}, service = DocumentValidator.class)
public class SrvSettingsValidator implements DocumentValidator {

    @Override
    public Optional<String> problem(String document, byte[] content) {
        boolean dns = document.equals("pid:" + DnsOptions.PID) || document.equals("pid:" + DnsOptions.LOCAL_PID);
        return ConfigurationText.problem(document, content, dns ? DnsOptions::parse : RedirectOptions::parse);
    }
}
