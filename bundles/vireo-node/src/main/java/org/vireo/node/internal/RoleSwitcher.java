package org.vireo.node.internal;

import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
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

    /** The role features that {@code role} needs. */
    static Set<String> featuresOf(Role role, boolean alsoScan) {
        Set<String> wanted = new LinkedHashSet<>();
        wanted.add(role.feature());
        if (alsoScan && role != Role.SCANNER) {
            wanted.add(Role.SCANNER.feature());
        }
        return wanted;
    }

    /** The role features installed now. */
    Set<String> installedRoleFeatures() {
        return provisioner.installed(ROLE_FEATURES);
    }

    synchronized RoleChange switchTo(Role role, boolean alsoScan) throws RoleChangeException {
        boolean scanToo = alsoScan && role != Role.SCANNER;
        Set<String> wanted = featuresOf(role, scanToo);
        Set<String> requirements = provisioner.requirements();
        Set<String> current = requirements.stream().map(RoleSwitcher::featureName).filter(ROLE_FEATURES::contains)
            .collect(Collectors.toSet());
        Role from = roleOf(current);
        boolean fromAlsoScan = from != null && from != Role.SCANNER && current.contains(Role.SCANNER.feature());

        Set<String> toInstall = new LinkedHashSet<>(wanted);
        toInstall.removeAll(current);
        Set<String> toUninstall = new HashSet<>(current);
        toUninstall.removeAll(wanted);
        if (!toInstall.isEmpty()) {
            checkExists(role, toInstall);
        }

        Set<String> added = toInstall.stream().map(RoleSwitcher::requirementOf).collect(Collectors.toSet());
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

    private void checkExists(Role role, Set<String> features) throws RoleChangeException {
        for (String feature : features) {
            boolean exists;
            try {
                exists = provisioner.exists(feature);
            } catch (Exception e) {
                throw new RoleChangeException("cannot switch to role " + role + ": the features repositories"
                    + " cannot be read (" + rootCause(e) + "); nothing changed", e);
            }
            if (!exists) {
                throw new RoleChangeException("cannot switch to role " + role + ": feature " + feature
                    + " is in no features repository (feature:repo-list shows them); nothing changed");
            }
        }
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

    static String requirementOf(String feature) {
        return PREFIX + feature + "/0.0.0"; // 0.0.0: the highest version any repository offers
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
