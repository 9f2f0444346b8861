package org.vireo.cluster.command;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.cluster.DocumentVersion;
import org.vireo.cluster.internal.node.ClusterAdmin;
import org.vireo.cluster.internal.sync.DocumentRecord;
import org.vireo.cluster.internal.sync.Edit;

@Service
@Command(scope = "cluster", name = "conflicts", description = "Lists the edits that lost a conflict: made at the same"
    + " time as another edit of the same document, or on the other side of a partition, with a lower version.",
    detailedDescription = "Concurrent edits of one document converge to the same winner on every node: the higher"
        + " version (time, then counter, then node name). The losing edit is not dropped: it is kept here, with its"
        + " content, on every node. cluster:resolve <version> keeps one edit and ends the conflict everywhere: the"
        + " winner, or a lost edit (print it with --show <version>), whose content comes back as a new edit made"
        + " knowing both.")
public class ConflictsCommand implements Action {

    @Reference
    ClusterAdmin cluster;

    @Option(name = "--show", description = "print the content of the lost edit with this version"
        + " (<millis>.<counter>@<node>, as listed)")
    String show;

    @Override
    public Object execute() {
        if (show != null) {
            DocumentVersion wanted;
            try {
                wanted = DocumentVersion.parse(show);
            } catch (IllegalArgumentException e) {
                System.err.println(e.getMessage());
                return null;
            }
            Optional<byte[]> content = cluster.keptLoser(wanted).flatMap(r -> r.contentOf(wanted));
            if (content.isPresent()) {
                System.out.print(new String(content.get(), StandardCharsets.UTF_8));
            } else {
                System.err.println("No lost edit " + show + " on this node: cluster:conflicts lists them");
            }
            return null;
        }
        System.out.print(render(cluster.conflicts()));
        return null;
    }

    static String render(List<DocumentRecord> records) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        if (records.isEmpty()) {
            out.println("No conflicts: no edit has lost against a concurrent one.");
            return bytes.toString(StandardCharsets.UTF_8);
        }
        ShellTable table = new ShellTable();
        table.column("Document");
        table.column("Lost edit");
        table.column("Time");
        table.column("Change");
        table.column("Current version");
        table.column("Content kept");
        for (DocumentRecord r : records) {
            for (Edit e : r.losers()) {
                table.addRow().addContent(r.id(), e.version(), Documents.time(e), Documents.change(e),
                    r.current().version(), r.contentOf(e.version()).isPresent() ? "yes" : "no (not received here)");
            }
        }
        table.print(out);
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
