package org.vireo.settings;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Metatype of the PID {@code org.vireo.srv.redirect}: the redirect balancer, cluster-wide. vireo-srv's
 * RedirectComponent runs it, merged with {@link RedirectLocalConfig}'s PID; RedirectOptions' parse reads it, and takes
 * each key's name and default from here; RedirectMetatypeTest keeps the two in agreement.
 */
@ObjectClassDefinition(pid = RedirectOptions.PID, name = "Vireo SRV redirect balancer",
    description = "An HTTP endpoint on each node that sends a client to the least-loaded node offering the service"
        + " (302), or answers itself (200). Cluster-wide: replicated by config sync.")
public @interface RedirectConfig {

    @AttributeDefinition(name = "Enabled", description = "The endpoint listens.")
    boolean enabled() default false;

    @AttributeDefinition(name = "Port", description = "1-65535; the same on every node.")
    int port() default 8480;

    @AttributeDefinition(name = "Login path", description = "The path clients ask; others get 404.")
    String path() default "/vireo/login";

    @AttributeDefinition(name = "Service", description = "The service name balanced (1-63 of A-Za-z0-9._-).")
    String service() default "vireo-proxy";

    @AttributeDefinition(name = "Margin", description = "0-1: a node answers itself while its load score is within"
        + " this of the best node's.")
    double margin() default 0.10;

    @AttributeDefinition(name = "Connections at full load",
        description = "Open client connections that weigh as much as a full CPU in the load score.")
    int connectionsAtFullLoad() default 1000;
}
