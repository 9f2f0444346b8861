package org.vireo.settings;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Metatype of the PID {@code org.vireo.srv.dns.local}: where this node's DNS responder listens. vireo-srv's
 * DnsComponent runs it, merged with {@link DnsConfig}'s PID; DnsOptions' parse reads it, and takes each key's name
 * from here; DnsMetatypeTest keeps the two in agreement.
 */
@ObjectClassDefinition(pid = DnsOptions.LOCAL_PID, name = "Vireo dynamic SRV responder (this node)",
    description = "Where this node's DNS responder listens. Node-local.")
public @interface DnsLocalConfig {

    @AttributeDefinition(name = "Bind addresses", description = "IPv4 or IPv6 literals, UDP and TCP on each; empty:"
        + " all addresses.", cardinality = 16, required = false)
    String[] bindAddresses();
}
