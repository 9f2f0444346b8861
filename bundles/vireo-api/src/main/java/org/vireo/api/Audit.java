package org.vireo.api;

import java.util.Locale;

import javax.ws.rs.core.SecurityContext;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The audit log of the API's writes, logger {@value #LOGGER} (Karaf's log: {@code log:display org.vireo.audit}):
 * who (user, how logged in), what, and the value before and after, one line each.
 */
public final class Audit {

    public static final String LOGGER = "org.vireo.audit";
    private static final Logger LOG = LoggerFactory.getLogger(LOGGER);

    private Audit() {
    }

    /** {@code admin (BASIC) PUT /api/v1/vrrp/a/priority: override none -> 150}. */
    public static void write(SecurityContext who, String what, String before, String after) {
        LOG.info(line(who.getUserPrincipal() == null ? "?" : who.getUserPrincipal().getName(),
            who.getAuthenticationScheme(), what, before, after));
    }

    static String line(String user, String scheme, String what, String before, String after) {
        return String.format(Locale.ROOT, "%s (%s) %s: %s -> %s", user, scheme, what, before, after);
    }
}
