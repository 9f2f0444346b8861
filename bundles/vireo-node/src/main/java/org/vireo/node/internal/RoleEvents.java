package org.vireo.node.internal;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

import org.vireo.config.ConfigErrors;
import org.vireo.node.Role;
import org.vireo.node.RoleChange;

/** A role change, done or failed, as the properties of its event (see RoleService#ROLE_TOPIC). */
final class RoleEvents {

    /** Why the role changed: a switch asked for. */
    static final String SWITCH = "vireo:role";
    /** Why the role changed: the node's configuration. */
    static final String CONFIGURATION = "configuration";

    private RoleEvents() {
    }

    static Map<String, Object> done(RoleChange change, String cause) {
        Map<String, Object> p = new HashMap<>();
        p.put("from", role(change.from(), change.fromAlsoScan()));
        p.put("to", role(change.to(), change.toAlsoScan()));
        p.put("installed", String.join(",", new TreeSet<>(change.installed())));
        p.put("uninstalled", String.join(",", new TreeSet<>(change.uninstalled())));
        p.put("cause", cause);
        return p;
    }

    static Map<String, Object> failed(Role to, boolean alsoScan, String cause, String error) {
        return Map.of("to", role(to, alsoScan), "cause", cause, "error", ConfigErrors.shorten(error, 256));
    }

    /** As the node registry shows it: {@code director}, {@code backup+scan}; {@code none} before any. */
    static String role(Role role, boolean alsoScan) {
        return role == null ? "none" : role.name().toLowerCase(Locale.ROOT) + (alsoScan ? "+scan" : "");
    }
}
