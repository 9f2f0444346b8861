package org.vireo.node;

import java.util.Set;
import java.util.TreeSet;

/**
 * The outcome of a role switch: which role features were installed and which uninstalled.
 * Both sets are empty when the node already had the asked-for role. {@code from} is null when no role
 * feature was installed before (a first start).
 */
public record RoleChange(Role from, boolean fromAlsoScan, Role to, boolean toAlsoScan,
                         Set<String> installed, Set<String> uninstalled) {

    public RoleChange {
        installed = Set.copyOf(installed);
        uninstalled = Set.copyOf(uninstalled);
    }

    /** True if features were installed or uninstalled. */
    public boolean changed() {
        return !installed.isEmpty() || !uninstalled.isEmpty();
    }

    /** One line for an operator, e.g. {@code role scanner -> director: installed vireo-director; uninstalled vireo-scanner}. */
    public String describe() {
        String fromText = from == null ? "none" : from + (fromAlsoScan ? " (also scanning)" : "");
        String toText = to + (toAlsoScan ? " (also scanning)" : "");
        if (!changed()) {
            return "role is already " + toText + ": nothing changed";
        }
        return "role " + fromText + " -> " + toText
            + ": installed " + list(installed) + "; uninstalled " + list(uninstalled);
    }

    private static String list(Set<String> features) {
        return features.isEmpty() ? "nothing" : String.join(", ", new TreeSet<>(features));
    }
}
