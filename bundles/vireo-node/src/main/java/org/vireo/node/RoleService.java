package org.vireo.node;

import java.util.Set;

/** Switches this node's role at run time by installing and uninstalling role features, without a restart. */
public interface RoleService {

    /**
     * EventAdmin topic of role changes (the event log's {@code node.role}); properties: from, to ({@code director},
     * {@code backup+scan}, ...; from is {@code none} at a first start), installed, uninstalled (feature names,
     * comma-separated), cause ({@code vireo:role}: a switch asked for, through the shell or the API;
     * {@code configuration}: etc/org.vireo.node.cfg).
     */
    String ROLE_TOPIC = "org/vireo/node/ROLE";
    /** EventAdmin topic of a role change that failed ({@code node.role_failed}); properties: to, cause, error. */
    String ROLE_FAILED_TOPIC = "org/vireo/node/ROLE_FAILED";

    /**
     * Makes {@code role} (plus the scanner, if {@code alsoScan}) this node's role: installs its features,
     * then uninstalls the old role's, then records the role in the node configuration. Either the whole
     * switch happens or the previous features stay installed.
     *
     * @throws RoleChangeException if a feature is missing or fails to resolve or start; nothing is left half-installed
     */
    RoleChange switchRole(Role role, boolean alsoScan) throws RoleChangeException;

    /** The role features (one of {@code vireo-director}, {@code vireo-backup}, {@code vireo-scanner}) installed now. */
    Set<String> installedRoleFeatures();
}
