package org.vireo.node;

import java.util.Set;

/** Switches this node's role at run time by installing and uninstalling role features, without a restart. */
public interface RoleService {

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
