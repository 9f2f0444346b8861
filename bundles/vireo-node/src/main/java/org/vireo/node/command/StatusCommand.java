package org.vireo.node.command;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.vireo.node.NodeIdentity;
import org.vireo.node.RoleService;

@Service
@Command(scope = "vireo", name = "status",
    description = "Shows this node: name, role, installed role features, the Vireo bundles' states and uptime.",
    detailedDescription = "Lists the node identity from etc/org.vireo.node.cfg, the role features that are"
        + " installed now, every org.vireo bundle with its state, and every bundle of the runtime that is not"
        + " active (a failed bundle). A configuration that was refused is shown with its reason.")
public class StatusCommand implements Action {

    @Reference
    private NodeIdentity node;

    @Reference
    private RoleService roles;

    @Reference
    private BundleContext bundleContext;

    @Override
    public Object execute() {
        Set<String> installed = new TreeSet<>(roles.installedRoleFeatures());
        System.out.println("Node:           " + node.name());
        System.out.println("Role:           " + node.role() + (node.alsoScan() ? " (also scanning)" : ""));
        System.out.println("Management:     " + node.managementAddress().orElse("(not set)"));
        System.out.println("Interface:      " + node.interfaceName());
        System.out.println("Role features:  " + (installed.isEmpty() ? "(none)" : String.join(", ", installed)));
        System.out.println("Uptime:         " + format(node.uptime()));
        node.configurationProblem().ifPresent(p -> System.out.println("Configuration:  REFUSED - " + p));
        Set<String> expected = new TreeSet<>(node.role().features(node.alsoScan()));
        if (!expected.equals(installed)) {
            System.out.println("Warning:        role " + node.role() + " needs " + String.join(", ", expected)
                + " but " + (installed.isEmpty() ? "none" : String.join(", ", installed))
                + " is installed: log:display shows why");
        }

        Bundle[] bundles = bundleContext.getBundles();
        List<Bundle> failed = new ArrayList<>();
        int active = 0;
        for (Bundle b : bundles) {
            if (b.getState() == Bundle.ACTIVE || isFragment(b) && b.getState() == Bundle.RESOLVED) {
                active++;
            } else if (b.getState() != Bundle.STARTING && b.getState() != Bundle.STOPPING) {
                failed.add(b);
            }
        }
        System.out.println("Bundles:        " + bundles.length + " installed, " + active + " active, "
            + failed.size() + " failed");
        System.out.println();

        ShellTable table = new ShellTable();
        table.column("ID").alignRight();
        table.column("State");
        table.column("Bundle");
        table.column("Version");
        for (Bundle b : bundles) {
            if (b.getSymbolicName() != null && b.getSymbolicName().startsWith("org.vireo") || failed.contains(b)) {
                table.addRow().addContent(b.getBundleId(), state(b), b.getSymbolicName(), b.getVersion());
            }
        }
        table.print(System.out);
        return null;
    }

    private static boolean isFragment(Bundle b) {
        return b.getHeaders().get("Fragment-Host") != null;
    }

    static String state(Bundle b) {
        switch (b.getState()) {
            case Bundle.ACTIVE: return "Active";
            case Bundle.RESOLVED: return isFragment(b) ? "Fragment" : "Resolved (not started)";
            case Bundle.INSTALLED: return "Installed (unresolved)";
            case Bundle.STARTING: return "Starting";
            case Bundle.STOPPING: return "Stopping";
            default: return "Uninstalled";
        }
    }

    static String format(Duration d) {
        long s = d.getSeconds();
        long days = s / 86_400;
        String hms = String.format("%02dh %02dm %02ds", (s % 86_400) / 3600, (s % 3600) / 60, s % 60);
        return days > 0 ? days + "d " + hms : hms;
    }
}
