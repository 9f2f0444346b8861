package org.vireo.cluster.command;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.NodeLoad;
import org.vireo.cluster.NodeRegistry;
import org.vireo.cluster.internal.node.ClusterAdmin;

@Service
@Command(scope = "cluster", name = "members", description = "Lists the cluster's nodes: role, address, VRRP states,"
    + " load, the services it offers clients, when each last reported and whether its replicated documents are in sync"
    + " with this node's.",
    detailedDescription = "Every node reports itself every second (reportMillis); one that has not for staleAfterMillis"
        + " (2.5 s by default), or that left the view, is shown as stale. CPU is the node's JVM share of all CPUs,"
        + " Memory the machine's memory in use; both only for nodes that run the scanner. Services are those the node"
        + " offers clients now, such as vireo-proxy while its SRV redirect endpoint listens (srv:redirects shows"
        + " their URLs). 'In sync' compares the"
        + " node's fingerprint of its replicated documents with this node's: 'no' for a moment after a change is"
        + " normal; for longer, run cluster:sync and see cluster:status on both nodes.")
public class MembersCommand implements Action {

    @Reference
    NodeRegistry registry;
    @Reference
    ClusterAdmin cluster;

    @Override
    public Object execute() {
        ClusterAdmin.Status status = cluster.status();
        System.out.print(render(status, registry.nodes(), Instant.now()));
        return null;
    }

    static String render(ClusterAdmin.Status status, List<ClusterNode> nodes, Instant now) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        out.println("Cluster " + status.clusterName() + (status.joined()
            ? ": view " + status.view().id() + " of " + status.view().members().size() + " member(s), coordinator "
            + status.view().coordinator() : ": off (" + status.offReason() + ")"));
        ShellTable table = new ShellTable();
        table.column("Node");
        table.column("Role");
        table.column("Address");
        table.column("Version");
        table.column("VRRP");
        table.column("CPU").alignRight();
        table.column("Memory").alignRight();
        table.column("Conns").alignRight();
        table.column("Req/s").alignRight();
        table.column("Services");
        table.column("Last seen").alignRight();
        table.column("State");
        table.column("In sync");
        for (ClusterNode n : nodes) {
            NodeLoad load = n.load().orElse(null);
            table.addRow().addContent(n.name() + (n.self() ? " (this node)" : ""), n.role(), n.address(),
                n.softwareVersion(), vrrp(n), load == null ? "-" : percent(load.processCpu()),
                load == null ? "-" : percent(load.memoryShare()), load == null ? "-" : load.activeConnections(),
                load == null ? "-" : String.format(Locale.ROOT, "%.0f", load.requestsPerSecond()), services(n),
                ago(n.lastSeen(), now), n.stale() ? "STALE" : "up",
                n.self() ? "-" : status.inSyncWith(n) ? "yes" : "no");
        }
        table.print(out);
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static String vrrp(ClusterNode n) {
        return n.vrrpStates().isEmpty() ? "-" : n.vrrpStates().entrySet().stream()
            .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }

    private static String services(ClusterNode n) {
        return n.services().isEmpty() ? "-" : n.services().keySet().stream().sorted().collect(Collectors.joining(" "));
    }

    static String percent(double share) {
        return share < 0 ? "?" : String.format(Locale.ROOT, "%.0f %%", share * 100);
    }

    static String ago(Instant then, Instant now) {
        Duration d = Duration.between(then, now);
        long ms = Math.max(0, d.toMillis());
        return ms < 10_000 ? String.format(Locale.ROOT, "%.1f s ago", ms / 1000.0) : (ms / 1000) + " s ago";
    }
}
