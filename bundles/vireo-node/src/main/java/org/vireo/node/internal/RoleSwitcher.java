package org.vireo.node.internal;

import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import org.vireo.node.Role;
import org.vireo.node.RoleChange;
import org.vireo.node.RoleChangeException;

/**
 * Turns "this node is now a director" into changes of the root feature requirements: the new role's
 * features are added first, then the old role's removed, so that bundles both roles share keep running.
 * If a step fails, the steps before it are undone, so the node never stays with half a role.
 */
final class RoleSwitcher {

    static final Set<String> ROLE_FEATURES = Arrays.stream(Role.values()).map(Role::feature)
        .collect(Collectors.toUnmodifiableSet());

    private static final String PREFIX = "feature:";

    private final FeatureProvisioner provisioner;

    RoleSwitcher(FeatureProvisioner provisioner) {
        this.provisioner = provisioner;
    }

    /** The role features installed now. */
    Set<String> installedRoleFeatures() {
        return provisioner.installed(ROLE_FEATURES);
    }

    synchronized RoleChange switchTo(Role role, boolean alsoScan) throws RoleChangeException {
        boolean scanToo = alsoScan && role != Role.SCANNER;
        Set<String> wanted = role.features(scanToo);
        Set<String> requirements = provisioner.requirements();
        Set<String> current = requirements.stream().map(RoleSwitcher::featureName).filter(ROLE_FEATURES::contains)
            .collect(Collectors.toSet());
        Role from = roleOf(current);
        boolean fromAlsoScan = from != null && from != Role.SCANNER && current.contains(Role.SCANNER.feature());

        Set<String> toInstall = new LinkedHashSet<>(wanted);
        toInstall.removeAll(current);
        Set<String> toUninstall = new HashSet<>(current);
        toUninstall.removeAll(wanted);
        Set<String> added = new HashSet<>();
        for (String feature : toInstall) {
            added.add(requirementOf(feature, versionOf(role, feature)));
        }
        // the exact strings Karaf holds, whatever version range they were installed with
        Set<String> removed = requirements.stream().filter(r -> toUninstall.contains(featureName(r)))
            .collect(Collectors.toSet());
        if (!added.isEmpty()) {
            try {
                provisioner.add(added);
            } catch (Exception failure) {
                String undo = undo(failure, () -> provisioner.remove(added));
                throw new RoleChangeException("cannot switch to role " + role + ": installing "
                    + String.join(", ", toInstall) + " failed: " + rootCause(failure) + "; " + undo, failure);
            }
        }
        if (!removed.isEmpty()) {
            try {
                provisioner.remove(removed);
            } catch (Exception failure) {
                String undo = undo(failure, () -> {
                    provisioner.add(removed);
                    if (!added.isEmpty()) {
                        provisioner.remove(added);
                    }
                });
                throw new RoleChangeException("cannot switch to role " + role + ": uninstalling "
                    + String.join(", ", toUninstall) + " failed: " + rootCause(failure) + "; " + undo, failure);
            }
        }
        return new RoleChange(from, fromAlsoScan, role, scanToo, toInstall, toUninstall);
    }

    private String versionOf(Role role, String feature) throws RoleChangeException {
        Optional<String> version;
        try {
            version = provisioner.version(feature);
        } catch (Exception e) {
            throw new RoleChangeException("cannot switch to role " + role + ": the features repositories"
                + " cannot be read (" + rootCause(e) + "); nothing changed", e);
        }
        return version.orElseThrow(() -> new RoleChangeException("cannot switch to role " + role + ": feature "
            + feature + " is in no features repository (feature:repo-list shows them); nothing changed"));
    }

    private interface Step {
        void run() throws Exception;
    }

    private static String undo(Exception failure, Step undo) {
        try {
            undo.run();
            return "the previous role features are installed as before";
        } catch (Exception e) {
            failure.addSuppressed(e);
            return "undoing it failed too (" + rootCause(e) + "): check feature:list -i and feature:requirement-list";
        }
    }

    /** The role that a set of installed role features stands for; null if none. */
    static Role roleOf(Set<String> roleFeatures) {
        for (Role r : Role.values()) { // declaration order: director, backup, scanner
            if (roleFeatures.contains(r.feature())) {
                return r;
            }
        }
        return null;
    }

    /** The requirement as feature:install writes it, so that feature:uninstall can take it out again. */
    static String requirementOf(String feature, String version) {
        return PREFIX + feature + "/[" + version + "," + version + "]";
    }

    static String featureName(String requirement) {
        if (!requirement.startsWith(PREFIX)) {
            return "";
        }
        int slash = requirement.indexOf('/');
        return requirement.substring(PREFIX.length(), slash < 0 ? requirement.length() : slash);
    }

    private static String rootCause(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c.getMessage() == null ? c.getClass().getSimpleName() : c.getMessage();
    }
}
