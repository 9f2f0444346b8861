package org.vireo.vrrp.command;

import java.time.Duration;
import java.util.List;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;

@Service
@Command(scope = "vrrp", name = "resign",
    description = "Steps down: sends priority 0, hands mastership to a backup, and stays out for a while.",
    detailedDescription = "For maintenance: the instance leaves the election (priority 0) for the hold-off time"
        + " (--hold-off seconds, default the instance's resignHoldOffSeconds), so that a backup takes over at once"
        + " and keeps the VIPs; after it, the instance competes again with its usual priority.")
public class ResignCommand implements Action {

    @Reference(optional = true)
    private List<VrrpInstance> instances;

    @Argument(index = 0, name = "name", required = true, description = "The instance.")
    @Completion(InstanceCompleter.class)
    private String name;

    @Option(name = "--hold-off", description = "Seconds to stay out of the election, 1-86400.")
    private Integer holdOffSeconds;

    @Override
    public Object execute() {
        VrrpInstance i = Instances.byName(instances, name);
        Duration holdOff = holdOffSeconds == null ? null : VrrpInstance.resignHoldOff(holdOffSeconds);
        VrrpState was = i.state(); // before: the step-down runs at once on the VRRP thread
        i.resign(holdOff);
        System.out.println(name + ": resigning (was " + was + "); out of the election for "
            + (holdOffSeconds == null ? "the configured hold-off" : holdOffSeconds + " s"));
        return null;
    }
}
