package org.vireo.balancer.internal.config;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Metatype of the node-local PID {@code org.vireo.balancer.local} (config/org.vireo.balancer.local.cfg); LocalOptions'
 * parse takes each key's name and default from here, LocalMetatypeTest keeps the two in agreement.
 */
@ObjectClassDefinition(pid = LocalOptions.PID, name = "Vireo balancer (this node)",
    description = "What this node does with traffic for a VIP that reaches it while it is that instance's backup:"
        + " dropped unless listed here. Node-local.")
@interface LocalConfig {

    @AttributeDefinition(name = "Sharing", description = "VRRP instances (* for all) whose VIP traffic this node"
        + " serves itself while backup.", cardinality = Integer.MAX_VALUE)
    String[] sharing() default "";

    @AttributeDefinition(name = "Send to master", description = "VRRP instances (* for all) whose VIP traffic this"
        + " node relays to the master while backup; an instance is in one of the two only.",
        cardinality = Integer.MAX_VALUE)
    String[] sendToMaster() default "";
}
