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
import org.vireo.config.AddressText;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.VrrpCounters;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpTransport;

@Service
@Command(scope = "vrrp", name = "show", description = "Shows one VRRP instance: configuration, state, counters, drops.",
    detailedDescription = "Drops are listed by reason with what the reason means: the instance's own, then those of"
        + " its interface that no instance could take (a VRID no instance here runs, a frame that is not a whole"
        + " VRRP packet, the kernel's when the capture buffer was full).")
public class ShowCommand implements Action {

    @Reference(optional = true)
    private List<VrrpInstance> instances;

    @Reference(optional = true)
    private List<VrrpTransport> transports;

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
        i.lastTransition().ifPresent(t -> line(out, "Last transition", PriorityText.transition(t)));
        i.lastTakeover().ifPresent(t -> line(out, "Last takeover", PriorityText.takeover(t)));
        i.splitBrain().ifPresent(b -> line(out, "Split brain", b));
        i.fault().ifPresent(f -> line(out, "Fault", f + (i.refused() ? "" : " (retrying)")));
        i.waitingFor().ifPresent(w -> line(out, "Readiness", "waiting for " + w + " (until then it does not take the"
            + " VIPs from a live master; readinessTimeoutSeconds bounds the wait)"));
        line(out, "Priority", "base " + i.basePriority() + ", effective " + i.effectivePriority()
            + i.priorityOverride().map(p -> ", override " + p).orElse(""));
        i.priorityDeductions().forEach(d -> line(out, "  " + PriorityText.what(d), PriorityText.amount(d)));
        i.syncGroup().ifPresent(g -> line(out, "Sync group", g + " (master together with its other members, or"
            + " not at all)"));
        line(out, "Preempt", String.valueOf(i.preempt()));
        line(out, "Advert interval", i.advertInterval().toMillis() + " ms");
        line(out, "Primary address", Instances.address(i.primaryAddress()));
        line(out, "Master", Instances.address(i.masterAddress()));
        line(out, "Virtual addresses", i.virtualAddresses().stream().map(AddressText::of)
            .collect(Collectors.joining(", ")));
        line(out, "Adverts sent", String.valueOf(c.advertsSent()));
        line(out, "Packets received", c.advertsReceived() + " (" + c.dropped() + " dropped, "
            + c.priorityZeroReceived() + " with priority 0)");
        line(out, "Became master", c.becameMaster() + " times");
        line(out, "Address lists differing", String.valueOf(c.addressListMismatches()));
        drops(out, c.drops());
        Map<DropReason, Long> onInterface = Drops.byInterface(transports).getOrDefault(i.interfaceName(), Map.of());
        if (!onInterface.isEmpty()) {
            line(out, "Dropped on " + i.interfaceName(), Drops.total(onInterface) + " before any instance (for all"
                + " instances on it)");
            drops(out, onInterface);
        }
        i.warnings().forEach(w -> line(out, "Warning", w));
        System.out.print(out);
        return null;
    }

    private static void drops(StringBuilder out, Map<DropReason, Long> counts) {
        for (Map.Entry<DropReason, Long> drop : counts.entrySet()) {
            if (drop.getValue() > 0) {
                line(out, "  dropped " + drop.getKey(), drop.getValue() + "  (" + drop.getKey().description() + ")");
            }
        }
    }

    private static void line(StringBuilder out, String key, String value) {
        out.append(String.format("%-26s %s%n", key + ":", value));
    }
}
