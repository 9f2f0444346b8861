package org.vireo.health.command;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.health.TrackStatus;
import org.vireo.health.TrackedGroup;
import org.vireo.health.internal.track.TrackSummary;
import org.vireo.vrrp.VrrpInstance;

@Service
@Command(scope = "health", name = "track",
    description = "Shows, per VRRP instance of this node, how health tracking sets its effective priority.",
    detailedDescription = "One line per VRRP instance: its state, the tracking mode (NONE when no"
        + " org.vireo.health.track configuration names it), the base priority BP, the effective priority EP the"
        + " instance uses now (an override from vrrp:priority or a resign shows here too; 0: not eligible), the"
        + " tracked monitors that are down (UNKNOWN counts as down; 'missing' ones are named but not configured) and"
        + " the tracked interfaces that are down with their weights. A mode other than NONE on an instance with"
        + " preempt off is flagged: its lowered priority moves its VIPs only to backups that preempt. See"
        + " docs/tracking.md.")
public class TrackCommand implements Action {

    @Reference(optional = true)
    private List<VrrpInstance> instances;

    @Reference(optional = true)
    private List<TrackedGroup> groups;

    @Argument(index = 0, name = "instance", required = false,
        description = "Only this VRRP instance (vrrp:list shows them); all when left out.")
    @Completion(VrrpInstanceCompleter.class)
    private String instance;

    @Override
    public Object execute() {
        // without the null Karaf hands over for an instance whose component failed: one broken instance fails nothing
        List<VrrpInstance> all = instances == null ? List.of() : instances.stream().filter(Objects::nonNull).toList();
        if (instance != null && all.stream().noneMatch(i -> i.name().equals(instance))) {
            throw new IllegalArgumentException("no VRRP instance '" + instance + "' on this node"
                + (all.isEmpty() ? ": none is configured (etc/org.vireo.vrrp.instance-<name>.cfg)"
                    : "; there are " + all.stream().map(VrrpInstance::name).sorted().toList()));
        }
        ShellTable table = new ShellTable();
        table.column("Instance");
        table.column("State");
        table.column("Mode");
        table.column("BP").alignRight();
        table.column("EP").alignRight();
        table.column("Monitors down");
        table.column("Interfaces down");
        table.column("Warning");
        table.emptyTableText("no VRRP instance is configured (etc/org.vireo.vrrp.instance-<name>.cfg)");
        all.stream().filter(i -> instance == null || i.name().equals(instance))
            .sorted(Comparator.comparing(VrrpInstance::name)).forEach(i -> {
                Optional<TrackStatus> s = group(i.name()).map(g -> g.status(i.basePriority()));
                String mode = s.map(t -> t.mode().name()).orElse("NONE");
                table.addRow().addContent(i.name(), i.state(), mode, i.basePriority(), i.effectivePriority(),
                    s.map(TrackSummary::monitorsDown).orElse("-"), s.map(TrackSummary::interfacesDown).orElse("-"),
                    !mode.equals("NONE") && !i.preempt() ? "preempt off" : "");
            });
        table.print(System.out);
        return null;
    }

    private Optional<TrackedGroup> group(String name) {
        return groups == null ? Optional.empty()
            : groups.stream().filter(g -> g.instanceName().equals(name)).findFirst();
    }
}
