package org.vireo.cluster.command;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.vireo.cluster.internal.node.ClusterAdmin;

@Service
@Command(scope = "cluster", name = "sync", description = "Runs anti-entropy now: rescans the replicated documents"
    + " here and compares their digest with the coordinator's; whatever differs is pulled or pushed.",
    detailedDescription = "Anti-entropy also runs at every view change (a node joins, leaves, or a partition heals)"
        + " and every antiEntropySeconds (30 s by default). The coordinator itself sends its digest to every member."
        + " The exchange runs in the background: see cluster:status for the result.")
public class SyncCommand implements Action {

    @Reference
    ClusterAdmin cluster;

    @Override
    public Object execute() {
        cluster.sync();
        ClusterAdmin.Status s = cluster.status();
        System.out.println("Digest of " + s.documents().size() + " document(s) sent "
            + (s.node().equals(s.view().coordinator()) ? "to every member (this node coordinates)"
            : "to the coordinator " + s.view().coordinator()) + (s.joined() ? "" : " — but the cluster is off: "
            + s.offReason()));
        return null;
    }
}
