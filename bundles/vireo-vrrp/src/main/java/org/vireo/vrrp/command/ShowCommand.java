package org.vireo.vrrp.command;

import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.VrrpCounters;
import org.vireo.vrrp.VrrpInstance;

@Service
@Command(scope = "vrrp", name = "show", description = "Shows one VRRP instance: configuration, state, counters, drops.")
public class ShowCommand implements Action {

    @Reference(optional = true)
    private List<VrrpInstance> instances;

    @Argument(index = 0, name = "name", required = true, description = "The instance (vrrp:list shows them).")
    @Completion(InstanceCompleter.class)
    private String name;

    @Override
    public Object execute() {
        VrrpInstance i = Instances.byName(instances, name);
        VrrpCounters c = i.counters();
        Duration inState = Duration.between(i.stateSince(), Instant.now());
        StringBuilder out = new StringBuilder();
        line(out, "Name", i.name());
        line(out, "VRID", i.vrid() + " (VRRPv" + i.version() + ") on " + i.interfaceName());
        line(out, "State", i.state() + " for " + inState.toSeconds() + " s (since " + i.stateSince() + ")");
        i.fault().ifPresent(f -> line(out, "Fault", f + " (retrying)"));
        line(out, "Priority", "base " + i.basePriority() + ", effective " + i.effectivePriority()
            + i.priorityOverride().map(p -> ", override " + p).orElse(""));
        line(out, "Preempt", String.valueOf(i.preempt()));
        line(out, "Advert interval", i.advertInterval().toMillis() + " ms");
        line(out, "Primary address", Instances.address(i.primaryAddress()));
        line(out, "Master", Instances.address(i.masterAddress()));
        line(out, "Virtual addresses", i.virtualAddresses().stream().map(InetAddress::getHostAddress)
            .collect(Collectors.joining(", ")));
        line(out, "Adverts sent", String.valueOf(c.advertsSent()));
        line(out, "Packets received", c.advertsReceived() + " (" + c.dropped() + " dropped, "
            + c.priorityZeroReceived() + " with priority 0)");
        line(out, "Became master", c.becameMaster() + " times");
        line(out, "Address lists differing", String.valueOf(c.addressListMismatches()));
        for (Map.Entry<DropReason, Long> drop : c.drops().entrySet()) {
            if (drop.getValue() > 0) {
                line(out, "  dropped " + drop.getKey(), drop.getValue() + "  (" + drop.getKey().description() + ")");
            }
        }
        i.warnings().forEach(w -> line(out, "Warning", w));
        System.out.print(out);
        return null;
    }

    private static void line(StringBuilder out, String key, String value) {
        out.append(String.format("%-26s %s%n", key + ":", value));
    }
}
