package org.vireo.health.command;

import java.io.PrintStream;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.health.Monitor;
import org.vireo.health.MonitorStatus;

@Service
@Command(scope = "health", name = "list", description = "Lists the health monitors of this node with their state.",
    detailedDescription = "One line per monitor: its health (UNKNOWN until the first verdict, UP after 'rise'"
        + " successes in a row, DOWN after 'fall' failures in a row, from UNKNOWN as from UP),"
        + " for how long, what the last check saw and how long it took. Rise shows the successes in a row against"
        + " rise, Fall the failures in a row against fall; Checks counts the checks since the monitor started and,"
        + " after the slash, the failed ones. health:show <name> has the details and the configuration.")
public class ListCommand implements Action {

    @Reference(optional = true)
    private List<Monitor> monitors;

    @Override
    public Object execute() {
        print(monitors == null ? List.of() : monitors, Instant.now(), System.out);
        return null;
    }

    static void print(List<Monitor> monitors, Instant now, PrintStream out) {
        ShellTable table = new ShellTable();
        table.column("Name");
        table.column("Type");
        table.column("Target");
        table.column("Health");
        table.column("Since").alignRight();
        table.column("Last result");
        table.column("Latency").alignRight();
        table.column("Rise").alignRight();
        table.column("Fall").alignRight();
        table.column("Checks/failed").alignRight();
        table.emptyTableText("no monitor is configured (etc/" + Monitor.FACTORY_PID + "-<name>.cfg)");
        monitors.stream().map(Monitor::status).sorted(Comparator.comparing(MonitorStatus::name)).forEach(s ->
            table.addRow().addContent(s.name(), s.type(), s.target(), s.health(), Monitors.age(s.healthSince(), now),
                s.lastResult().map(r -> r.detail()).orElse("-"), s.lastResult().map(Monitors::latency).orElse("-"),
                s.consecutiveSuccesses() + "/" + s.rise(), s.consecutiveFailures() + "/" + s.fall(),
                s.checks() + "/" + s.failures()));
        table.print(out);
    }
}
