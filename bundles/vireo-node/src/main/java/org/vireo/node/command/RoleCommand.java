package org.vireo.node.command;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.completers.StringsCompleter;
import org.vireo.node.Role;
import org.vireo.node.RoleChange;
import org.vireo.node.RoleService;

@Service
@Command(scope = "vireo", name = "role",
    description = "Switches this node's role hot: installs the role's feature and uninstalls the old role's.",
    detailedDescription = "Roles: director (owns the VIP, balances clients to scanners), backup (takes the VIP"
        + " over when the director fails), scanner (filtering proxy only, never backs up).\n"
        + "Without a restart, the switch installs the new role's features, then uninstalls the old role's (bundles"
        + " both need keep running). An unknown role, or a feature that is missing or fails to resolve, changes"
        + " nothing and the reason is printed; a failure after that is undone. The new role is recorded in"
        + " etc/org.vireo.node.cfg, so a restart keeps it.")
public class RoleCommand implements Action {

    @Reference
    private RoleService roles;

    @Argument(index = 0, name = "role", required = true,
        description = "The new role: director, backup or scanner.")
    @Completion(value = StringsCompleter.class, values = {"director", "backup", "scanner"})
    private String role;

    @Option(name = "--also-scan", description = "A director or backup also runs the scanner (filtering proxy).")
    private boolean alsoScan;

    // Karaf reads options only before the first argument; this lets "vireo:role director --also-scan" work too.
    @Argument(index = 1, name = "--also-scan", required = false,
        description = "--also-scan may also follow the role.")
    @Completion(value = StringsCompleter.class, values = {ALSO_SCAN})
    private String trailingOption;

    private static final String ALSO_SCAN = "--also-scan";

    @Override
    public Object execute() throws Exception {
        if (trailingOption != null) {
            if (!ALSO_SCAN.equals(trailingOption)) {
                throw new IllegalArgumentException("unexpected argument '" + trailingOption
                    + "': usage is vireo:role <director|backup|scanner> [--also-scan]");
            }
            alsoScan = true;
        }
        Role wanted = Role.parse(role);
        RoleChange change = roles.switchRole(wanted, alsoScan);
        if (alsoScan && wanted == Role.SCANNER) {
            System.out.println("note: --also-scan has no effect for the scanner role, which scans anyway");
        }
        System.out.println(change.describe());
        return null;
    }
}
