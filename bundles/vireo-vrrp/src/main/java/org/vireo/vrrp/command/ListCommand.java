package org.vireo.vrrp.command;

import java.io.PrintStream;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpTransport;

@Service
@Command(scope = "vrrp", name = "list", description = "Lists the VRRP instances of this node with their state.",
    detailedDescription = "Priority shows base/effective: effective is what the instance advertises (health"
        + " tracking, an override from vrrp:priority, or 0 after vrrp:resign). Master is the master's address:"
        + " this node's while MASTER, else the last master heard. FAULT: the instance cannot run (the Fault column"
        + " says why and what fixes it); it retries by itself, except one whose configuration was refused before it"
        + " ever ran, which starts when a good configuration comes. Dropped counts the received packets the instance"
        + " dropped (vrrp:show says why); below the table, what each interface dropped before any instance could"
        + " take it (a VRID no instance here runs, a broken IP header, ...). Group: its sync group, whose members are master"
        + " together or not at all (vrrp:show says what holds one).")
public class ListCommand implements Action {

    @Reference(optional = true)
    private List<VrrpInstance> instances;

    @Reference(optional = true)
    private List<VrrpTransport> transports;

    @Override
    public Object execute() {
        print(Instances.present(instances), transports, System.out);
        return null;
    }

    static void print(List<VrrpInstance> instances, List<VrrpTransport> transports, PrintStream out) {
        ShellTable table = new ShellTable();
        table.column("Name");
        table.column("VRID").alignRight();
        table.column("Interface");
        table.column("State");
        table.column("Priority");
        table.column("Master");
        table.column("Interval");
        table.column("Dropped").alignRight();
        table.column("Group");
        table.column("Fault");
        table.emptyTableText("no VRRP instance is configured (etc/org.vireo.vrrp.instance-<name>.cfg)");
        instances.stream().sorted(Comparator.comparing(VrrpInstance::name)).forEach(i -> table.addRow().addContent(
            i.name(), i.vrid(), i.interfaceName(), i.state(), Instances.priority(i),
            Instances.address(i.masterAddress()), i.advertInterval().toMillis() + " ms", i.counters().dropped(),
            i.syncGroup().orElse(""), i.fault().or(() -> i.waitingFor().map(w -> "waiting for readiness: " + w)).orElse("")));
        table.print(out);
        for (Map.Entry<String, Map<DropReason, Long>> e : Drops.byInterface(transports).entrySet()) {
            out.println("Dropped on " + e.getKey() + " before any instance: " + Drops.total(e.getValue())
                + " (" + Drops.summary(e.getValue()) + ")");
        }
    }
}
