package org.vireo.settings;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Metatype of the PID {@code org.vireo.srv.redirect.local}: this node's side of the redirect balancer. vireo-srv's
 * RedirectComponent runs it, merged with {@link RedirectConfig}'s PID; RedirectOptions' parse reads it, and takes each
 * key's name from here; RedirectMetatypeTest keeps the two in agreement.
 */
@ObjectClassDefinition(pid = RedirectOptions.LOCAL_PID, name = "Vireo SRV redirect balancer (this node)",
    description = "Where this node's redirect endpoint listens and how other nodes send clients here. Node-local.")
public @interface RedirectLocalConfig {

    @AttributeDefinition(name = "Bind address", description = "IPv4 or IPv6 literal; empty: all addresses.",
        required = false)
    String bindAddress();

    @AttributeDefinition(name = "Advertised host", description = "Host name or IP other nodes redirect clients to;"
        + " empty: the bind address, else this node's cluster address.", required = false)
    String advertisedHost();

    @AttributeDefinition(name = "Keystore", description = "Absolute path of a PKCS12 file with this node's key and"
        + " certificate (e.g. its cluster node.p12): the endpoint speaks HTTPS; empty: plain HTTP.", required = false)
    String keystore();

    @AttributeDefinition(name = "Keystore password", type = org.osgi.service.metatype.annotations.AttributeType.PASSWORD,
        required = false)
    String keystorePassword();
}
