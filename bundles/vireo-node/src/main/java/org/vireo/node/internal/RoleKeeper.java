package org.vireo.node.internal;

import java.io.IOException;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.vireo.node.Role;
import org.vireo.node.RoleChange;
import org.vireo.node.RoleChangeException;

/**
 * Keeps the installed role features equal to the configured role. Every role change, by command or by
 * configuration, passes here one at a time, and a reconcile applies the configuration as stored when it
 * runs: change events arrive late and out of step with commands, and acting on the role an event carried
 * would briefly undo a newer switch.
 */
final class RoleKeeper {

    /** What a reconcile applied. */
    record Reconciled(NodeOptions options, RoleChange change) {
    }

    private final RoleSwitcher switcher;
    private final NodeConfigStore store;
    private final Function<Map<String, Object>, NodeOptions> parser;

    RoleKeeper(RoleSwitcher switcher, NodeConfigStore store, Function<Map<String, Object>, NodeOptions> parser) {
        this.switcher = switcher;
        this.store = store;
        this.parser = parser;
    }

    /** Switches the role and records it in the configuration. */
    synchronized RoleChange switchRole(Role role, boolean alsoScan) throws RoleChangeException {
        RoleChange change = switcher.switchTo(role, alsoScan);
        try {
            store.writeRole(role, change.toAlsoScan());
        } catch (IOException e) {
            throw new RoleChangeException(change.describe() + ", but the role could not be recorded in the"
                + " configuration (" + e.getMessage() + "): a restart would not keep it", e);
        }
        return change;
    }

    /**
     * Installs the role the stored configuration names. A role that came from the environment (the
     * configuration names none) is recorded, so that later starts keep it.
     *
     * @throws IllegalArgumentException if the stored configuration is refused; nothing changes then
     */
    synchronized Reconciled reconcile() throws RoleChangeException, IOException {
        NodeOptions wanted = parser.apply(store.read());
        RoleChange change = switcher.switchTo(wanted.role(), wanted.alsoScan());
        if (!wanted.roleFromConfiguration()) {
            store.writeRole(wanted.role(), wanted.alsoScan());
        }
        return new Reconciled(wanted, change);
    }

    /** The role features installed now. */
    Set<String> installedRoleFeatures() {
        return switcher.installedRoleFeatures();
    }
}
