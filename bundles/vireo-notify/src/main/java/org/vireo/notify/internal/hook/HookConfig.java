package org.vireo.notify.internal.hook;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/**
 * Metatype of the factory PID {@code org.vireo.notify.hook}: one hook (docs/notifications.md). HookOptions' parse
 * takes each key's name and default from here; HookMetatypeTest keeps the two in agreement.
 */
@ObjectClassDefinition(name = "Vireo hook",
    description = "An executable run for each of the node's events it takes, in the event log's order, one at a time.")
public @interface HookConfig {

    @AttributeDefinition(name = "Name", description = "The hook's name (notify:list, notify:test), 1-64 letters,"
        + " digits, '.', '_' or '-'; unique among the hooks.")
    String name();

    @AttributeDefinition(name = "Command", description = "The executable's absolute path; run directly, not through"
        + " a shell.")
    String command();

    @AttributeDefinition(name = "Arguments", description = "Its first arguments (none may hold a comma in a .cfg"
        + " file); a VRRP transition adds keepalived's INSTANCE <name> <STATE> <priority>, any other event"
        + " EVENT <type>.")
    String[] arguments() default {};

    @AttributeDefinition(name = "Events", description = "The event types it is run for: a type (vrrp.transition),"
        + " a part (health.*) or everything (*).")
    String[] events() default {"vrrp.transition"};

    @AttributeDefinition(name = "Timeout (s)", min = "1", max = "3600", description = "How long one run may take;"
        + " then it is killed with the processes it started, and the hook goes on with the next event.")
    int timeoutSeconds() default 10;

    @AttributeDefinition(name = "Hold a release (s)", min = "0", max = "600", description = "0: an ordinary hook."
        + " Else a pre-release hook too: run (INSTANCE <name> PRE_RELEASE <priority>) when a master is about to let"
        + " its VIPs go of its own will (stopped, resigning), which waits for its end at most this long and at most"
        + " the instance's releaseHoldMaxSeconds; a crash, a preemption and a fault never wait. Its events may then"
        + " be empty.")
    int holdReleaseSeconds() default 0;
}
