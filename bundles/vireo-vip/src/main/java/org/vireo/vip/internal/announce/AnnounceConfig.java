package org.vireo.vip.internal.announce;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Metatype of PID {@code org.vireo.vip}: how a new master announces its VIPs. Node-local. */
@ObjectClassDefinition(name = "Vireo VIP announcements",
    description = "Gratuitous ARP / unsolicited neighbour advertisements sent by a new master.")
public @interface AnnounceConfig {

    @AttributeDefinition(name = "Burst size", description = "Gratuitous ARPs (IPv6: NAs) per VIP in each burst, 1-100"
        + " (keepalived: garp_master_repeat).")
    int garpRepeat() default 5;

    @AttributeDefinition(name = "Second burst after (s)", description = "When the second burst follows the first,"
        + " 0-3600; 0: no second burst (keepalived: garp_master_delay).")
    int garpDelaySeconds() default 5;

    @AttributeDefinition(name = "Refresh every (s)", description = "Repeat a burst this often while master, 0-86400;"
        + " 0: never (keepalived: garp_master_refresh).")
    int garpRefreshSeconds() default 0;

    @AttributeDefinition(name = "Router flag in neighbour advertisements", description = "Set the Router flag in the"
        + " unsolicited neighbour advertisements of IPv6 VIPs: true where hosts use a VIP as their IPv6 router (a"
        + " clear flag makes them drop it from their default router list, RFC 4861 7.2.5); false for a proxy VIP.")
    boolean neighbourAdvertRouter() default false;
}
