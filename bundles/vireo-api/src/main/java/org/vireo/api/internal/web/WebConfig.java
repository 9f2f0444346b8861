package org.vireo.api.internal.web;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Metatype of the PID {@code org.vireo.api.web}: its keys and their defaults, which {@link WebOptions} reads. */
@ObjectClassDefinition(name = "Vireo management API: HTTPS",
    description = "Where the management API and the console are served over HTTPS (docs/api.md#where-it-listens)."
        + " Plain HTTP stays on loopback (etc/org.ops4j.pax.web.cfg).")
public @interface WebConfig {

    @AttributeDefinition(name = "HTTPS port", min = "0", max = "65535", description = "0 turns HTTPS off.")
    int httpsPort() default 8443;

    @AttributeDefinition(name = "HTTPS address", required = false, description = "An IP literal of this node; empty:"
        + " the node's management address (etc/org.vireo.node.cfg). Never every address.")
    String httpsAddress() default "";

    @AttributeDefinition(name = "Keystore", required = false, description = "A PKCS12 file with the server's key and"
        + " certificate (cluster:issue-cert --api makes one from the cluster CA); empty: etc/vireo/api/server.p12,"
        + " made self-signed at the first start when it is missing.")
    String keystore() default "";

    @AttributeDefinition(name = "Keystore password", type = org.osgi.service.metatype.annotations.AttributeType.PASSWORD,
        required = false, description = "Empty: the password in etc/vireo/api/server.password, which the node writes"
        + " with the self-signed keystore.")
    String keystorePassword() default "";
}
