package org.vireo.vrrp.command;

import java.util.Comparator;
import java.util.List;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.vrrp.VrrpInstance;

@Service
@Command(scope = "vrrp", name = "list", description = "Lists the VRRP instances of this node with their state.",
    detailedDescription = "Priority shows base/effective: effective is what the instance advertises (health"
        + " tracking, an override from vrrp:priority, or 0 after vrrp:resign). Master is the master's address:"
        + " this node's while MASTER, else the last master heard. FAULT: the instance cannot run (the Fault column"
        + " says why and what fixes it); it retries by itself.")
public class ListCommand implements Action {

    @Reference(optional = true)
    private List<VrrpInstance> instances;

    @Override
    public Object execute() {
        ShellTable table = new ShellTable();
        table.column("Name");
        table.column("VRID").alignRight();
        table.column("Interface");
        table.column("State");
        table.column("Priority");
        table.column("Master");
        table.column("Interval");
        table.column("Fault");
        table.emptyTableText("no VRRP instance is configured (etc/org.vireo.vrrp.instance-<name>.cfg)");
        if (instances != null) {
            instances.stream().sorted(Comparator.comparing(VrrpInstance::name)).forEach(i -> table.addRow().addContent(
                i.name(), i.vrid(), i.interfaceName(), i.state(), Instances.priority(i),
                Instances.address(i.masterAddress()), i.advertInterval().toMillis() + " ms", i.fault().orElse("")));
        }
        table.print(System.out);
        return null;
    }
}
