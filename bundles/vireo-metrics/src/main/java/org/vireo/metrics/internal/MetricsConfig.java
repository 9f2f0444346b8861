package org.vireo.metrics.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

@ObjectClassDefinition(name = "Vireo metrics",
    description = "The Prometheus endpoint /metrics on Karaf's Jetty, beside the management API")
@interface MetricsConfig {

    @AttributeDefinition(description = "Whether a scrape needs an API login (a viewer: Prometheus's basic_auth). "
        + "false lets any client that reaches the port read the metrics")
    boolean loginRequired() default true;
}
