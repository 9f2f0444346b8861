package org.vireo.notify.command;

import java.io.PrintStream;
import java.util.Comparator;
import java.util.List;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.notify.NotifySink;
import org.vireo.notify.SinkStatus;

@Service
@Command(scope = "notify", name = "list", description = "Lists this node's notification sinks (hooks) with what they"
    + " have done.",
    detailedDescription = "One line per sink: its kind and name, the event types it takes, where it sends (a hook:"
        + " its command), the events sent (a hook: runs that exited 0), failed (another exit code, a timeout, a start"
        + " that failed), queued (events of the log it has not reached yet) and lost (gone from the log's history"
        + " before it reached them), then its last failure and when. A sink whose configuration is refused says"
        + " why. Hooks are configured in etc/org.vireo.notify.hook-<name>.cfg (docs/notifications.md);"
        + " notify:test <name> sends one a test event.")
public class ListCommand implements Action {

    @Reference(optional = true)
    private List<NotifySink> sinks;

    @Override
    public Object execute() {
        print(sinks == null ? List.of() : sinks, System.out);
        return null;
    }

    static void print(List<NotifySink> sinks, PrintStream out) {
        ShellTable table = new ShellTable();
        table.column("Kind");
        table.column("Name");
        table.column("Events");
        table.column("Target");
        table.column("Sent").alignRight();
        table.column("Failed").alignRight();
        table.column("Queued").alignRight();
        table.column("Lost").alignRight();
        table.column("Last error");
        table.emptyTableText("no sink is configured (etc/org.vireo.notify.hook-<name>.cfg)");
        sinks.stream().sorted(Comparator.comparing(NotifySink::kind).thenComparing(NotifySink::name)).forEach(s -> {
            SinkStatus st = s.status();
            String error = !st.problem().isEmpty() ? st.problem()
                : st.lastError().isEmpty() ? "-" : st.lastErrorAt() + " " + st.lastError();
            table.addRow().addContent(s.kind(), s.name(), st.events(), st.target(), st.sent(), st.failed(),
                st.queued(), st.lost(), error);
        });
        table.print(out);
    }
}
