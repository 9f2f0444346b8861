package org.vireo.api.internal.auth;

import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

/** Metatype of the PID {@code org.vireo.api}: its keys and their defaults, which {@link SecurityOptions} reads. */
@ObjectClassDefinition(name = "Vireo management API: logins",
    description = "Who may use the management API and the metrics (docs/api.md#authentication).")
public @interface SecurityConfig {

    @AttributeDefinition(name = "JAAS realm", description = "The realm users log in against; karaf is"
        + " etc/users.properties, the shell's users.")
    String realm() default "karaf";

    @AttributeDefinition(name = "Failed logins allowed", min = "1", max = "1000", description = "Failed logins from"
        + " one client address within the window after which its logins are refused (429) until the oldest leaves"
        + " the window.")
    int failedLoginLimit() default 5;

    @AttributeDefinition(name = "Failed-login window (s)", min = "1", max = "86400")
    int failedLoginWindowSeconds() default 60;

    @AttributeDefinition(name = "Session idle time (min)", min = "1", max = "1440", description = "A console"
        + " session without a request for this long ends.")
    int sessionIdleMinutes() default 30;

    @AttributeDefinition(name = "Session lifetime (h)", min = "1", max = "168", description = "A console session"
        + " ends this long after its login, used or not.")
    int sessionLifetimeHours() default 12;
}
