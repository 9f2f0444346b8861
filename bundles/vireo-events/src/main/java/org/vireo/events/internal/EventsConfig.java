package org.vireo.events.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Metatype of the PID {@code org.vireo.events}: its keys and their defaults, which {@link EventsOptions} reads. */
@ObjectClassDefinition(name = "Vireo event log",
    description = "The node's events (VRRP, health, balancer, role, config sync, members), numbered and held for the"
        + " API's stream GET /api/v1/events and the notification sinks (docs/api.md#events).")
@interface EventsConfig {

    @AttributeDefinition(name = "History", min = "10", max = "100000", description = "Events held for readers that"
        + " resume (Last-Event-ID) or page (/api/v1/events/recent); the oldest go first.")
    int history() default 1000;

    @AttributeDefinition(name = "Backlog", min = "10", max = "100000", description = "Events a reader may fall"
        + " behind before it is dropped (an API stream is closed; its client may resume).")
    int backlog() default 1000;

    @AttributeDefinition(name = "Subscribers at most", min = "1", max = "1000", description = "Readers at once (API"
        + " streams and notification sinks, a thread each); one more is refused (the API answers 503).")
    int maxSubscribers() default 32;
}
