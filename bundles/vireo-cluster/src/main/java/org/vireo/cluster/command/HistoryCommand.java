package org.vireo.cluster.command;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.cluster.internal.node.ClusterAdmin;
import org.vireo.cluster.internal.sync.DocumentRecord;
import org.vireo.cluster.internal.sync.Edit;

@Service
@Command(scope = "cluster", name = "history", description = "Shows the edits of one replicated document, newest"
    + " first: version, when, which node, what it did, and whether it is current, was replaced or lost a conflict.",
    detailedDescription = "The last 64 edits of each document are remembered on every node (the same on all nodes in"
        + " sync). An edit 'replaced' was followed by one made knowing it; one that LOST a conflict was made at the"
        + " same time as (or on the other side of a partition from) the winning edit, and is kept with its content:"
        + " cluster:conflicts --show <version> prints it.")
public class HistoryCommand implements Action {

    @Reference
    ClusterAdmin cluster;

    @Argument(index = 0, name = "document", required = true,
        description = "the document: pid:<PID> or file:<path under etc/>, as cluster:status lists them")
    @Completion(DocumentCompleter.class)
    String document;

    @Override
    public Object execute() {
        DocumentRecord r = cluster.record(document).orElse(null);
        if (r == null) {
            System.err.println("No replicated document " + document + " on this node: expected one of "
                + cluster.status().documents().stream().map(ClusterAdmin.DocumentState::id).toList());
            return null;
        }
        System.out.print(render(r));
        return null;
    }

    static String render(DocumentRecord r) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        out.println(r.id() + ": " + r.history().size() + " edit(s), current " + r.current().version());
        ShellTable table = new ShellTable();
        table.column("Version");
        table.column("Time");
        table.column("Node");
        table.column("Change");
        table.column("Fate");
        for (Edit e : r.history().descendingSet()) {
            table.addRow().addContent(e.version(), Documents.time(e), e.version().node(), Documents.change(e),
                Documents.fate(r, e));
        }
        table.print(out);
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
