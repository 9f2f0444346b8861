package org.vireo.cluster.command;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.cluster.internal.node.ClusterAdmin;

@Service
@Command(scope = "cluster", name = "status", description = "Shows this node's part in config sync: the view, each"
    + " replicated document with its version, and what is pending.",
    detailedDescription = "Documents are the cluster-wide configuration PIDs (pid:...) and policy files under etc/"
        + " (file:...) selected by replicatedPids and replicatedFiles in etc/org.vireo.cluster.cfg. A version reads"
        + " <milliseconds since 1970>.<counter>@<node that made the change>; 'Lost' counts the edits that lost a"
        + " conflict (cluster:conflicts). Pending: changes made here that failed validation (never sent) and"
        + " versions that could not be applied here (retried at each anti-entropy round), and the replicated"
        + " patterns no validator on this node covers (a Vireo document without one is refused, neither sent nor"
        + " applied; another is replicated unchecked)."
        + " 'Elsewhere' names the members whose version differs from this node's, as each last reported it (every"
        + " second; 'none': it holds no version; a stale member is marked): 'same' when every member holds this"
        + " one. The fingerprint is equal"
        + " on nodes that hold the same edits of every document. TLS refusals: peers refused at the cluster port"
        + " or by this node's TLS client (no certificate, one not issued by this cluster's CA, expired, no TLS),"
        + " counted since start, the last 16 with time, address and reason.")
public class StatusCommand implements Action {

    @Reference
    ClusterAdmin cluster;

    @Override
    public Object execute() {
        System.out.print(render(cluster.status()));
        return null;
    }

    static String render(ClusterAdmin.Status s) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        out.println("Node:        " + s.node());
        out.println("Cluster:     " + s.clusterName() + (s.joined() ? "" : " (off: " + s.offReason() + ")"));
        out.println("View:        " + s.view().id() + " " + s.view().members() + ", coordinator "
            + s.view().coordinator());
        out.println("Last sync:   " + s.lastSync().map(Object::toString).orElse("never"));
        out.println("Last change: " + s.lastChange().map(Object::toString).orElse("none since start"));
        out.println("Fingerprint: " + Long.toHexString(s.fingerprint()));
        out.println("TLS refusals: " + s.refusalCount() + " since start" + (s.refusals().isEmpty() ? ""
            : ", the last " + s.refusals().size() + " (newest last):"));
        s.refusals().forEach(r -> out.println("  " + r));
        ShellTable table = new ShellTable();
        table.column("Document");
        table.column("Version");
        table.column("Content");
        table.column("Edits").alignRight();
        table.column("Lost").alignRight();
        table.column("Applied here");
        table.column("Elsewhere");
        for (ClusterAdmin.DocumentState d : s.documents()) {
            table.addRow().addContent(d.id(), d.current().version(), Documents.change(d.current()), d.edits(),
                d.lost(), d.applied() ? "yes" : "PENDING", elsewhere(s.versionsElsewhere(d)));
        }
        table.print(out);
        pending(out, "Changes made here and refused (not sent to the cluster):", s.refusedLocal());
        pending(out, "Versions not applied here (retried at each anti-entropy round):", s.unapplied());
        if (!s.unvalidated().isEmpty()) {
            out.println("Replicated patterns no validator here covers:");
            s.unvalidated().forEach(pattern -> out.println("  " + pattern));
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** The members whose version differs, e.g. {@code n2 1796...0@n2, n3 none (stale)}; "same" when none does. */
    static String elsewhere(List<ClusterAdmin.MemberVersion> versions) {
        String differing = versions.stream().filter(v -> !v.same())
            .map(v -> v.node() + " " + v.version().map(Object::toString).orElse("none") + (v.stale() ? " (stale)" : ""))
            .collect(Collectors.joining(", "));
        return differing.isEmpty() ? "same" : differing;
    }

    private static void pending(PrintStream out, String title, Map<String, String> entries) {
        if (!entries.isEmpty()) {
            out.println(title);
            entries.forEach((id, why) -> out.println("  " + id + ": " + why));
        }
    }
}
