package org.vireo.vrrp.command;

import java.util.List;
import java.util.Optional;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.vireo.vrrp.VrrpInstance;

@Service
@Command(scope = "vrrp", name = "priority",
    description = "Overrides an instance's priority at run time (0-254), or clears the override.",
    detailedDescription = "The override takes the place of the configured and the tracked priority until it is"
        + " cleared (--clear) or the instance restarts; it is not written to the configuration. With preemption on,"
        + " a higher priority than the master's takes mastership; 0 leaves the election.")
public class PriorityCommand implements Action {

    @Reference(optional = true)
    private List<VrrpInstance> instances;

    @Argument(index = 0, name = "name", required = true, description = "The instance.")
    @Completion(InstanceCompleter.class)
    private String name;

    @Argument(index = 1, name = "priority", required = false, description = "0-254.")
    private String priority;

    @Option(name = "--clear", description = "Remove the override: back to the configured/tracked priority.")
    private boolean clear;

    @Override
    public Object execute() {
        VrrpInstance i = Instances.byName(instances, name);
        if (clear == (priority != null)) {
            throw new IllegalArgumentException("usage: vrrp:priority <name> <0-254>, or vrrp:priority --clear <name>");
        }
        if (clear) {
            i.overridePriority(Optional.empty());
            System.out.println(name + ": override cleared");
            return null;
        }
        int value;
        try {
            value = Integer.parseInt(priority.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("priority '" + priority + "': expected a whole number 0-254");
        }
        i.overridePriority(Optional.of(value));
        System.out.println(name + ": priority " + value + " (base " + i.basePriority() + ") until vrrp:priority --clear "
            + name);
        return null;
    }
}
