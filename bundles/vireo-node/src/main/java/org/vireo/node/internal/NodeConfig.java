package org.vireo.node.internal;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;
import org.osgi.service.metatype.annotations.Option;

/** Metatype of the node-local PID {@code org.vireo.node} (see config/org.vireo.node.cfg). */
@ObjectClassDefinition(name = "Vireo node", description = "This appliance's identity and role. Node-local: never replicated.")
public @interface NodeConfig {

    @AttributeDefinition(name = "Node name",
        description = "The node's name in the cluster. Empty: the VIREO_NODE_NAME environment variable, else the host name.")
    String name() default "";

    @AttributeDefinition(name = "Management address",
        description = "IPv4 or IPv6 literal on which this node is managed. Empty: not set.")
    String managementAddress() default "";

    @AttributeDefinition(name = "Interface",
        description = "Network interface that carries the VIPs and VRRP traffic (1-15 characters of letters, digits, '.', '_', '-').")
    String interfaceName() default "eth0";

    @AttributeDefinition(name = "Role",
        description = "director, backup or scanner. Unset: the VIREO_ROLE environment variable at first start, else"
            + " director that also scans (the all-in-one appliance).",
        options = {
            @Option(label = "Director", value = "director"),
            @Option(label = "Backup", value = "backup"),
            @Option(label = "Scanner", value = "scanner")
        })
    String role() default "director";

    @AttributeDefinition(name = "Also scan",
        description = "A director or backup also runs the scanner (filtering proxy). Unset: true when no role is given"
            + " (the all-in-one appliance), else false.")
    boolean alsoScan() default true;
}
