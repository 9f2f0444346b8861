package org.vireo.vrrp.internal.syncgroup;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Metatype of the factory PID {@code org.vireo.vrrp.syncgroup}: instances that are master together. Node-local. */
@ObjectClassDefinition(name = "Vireo VRRP sync group",
    description = "VRRP instances of this node that are master together or not at all (keepalived's"
        + " vrrp_sync_group): the two legs of a gateway, or the IPv4 and IPv6 instances of one service. Node-local.")
public @interface SyncGroupConfig {

    @AttributeDefinition(name = "Name", description = "Unique on this node: 1-32 letters, digits, '.', '_', '-'.")
    String name();

    @AttributeDefinition(name = "Instances", description = "The names of its instances (org.vireo.vrrp.instance), 2-16,"
        + " comma-separated; an instance is in one group at most. The group is master only when every one of them"
        + " can be.")
    String[] instances();
}
