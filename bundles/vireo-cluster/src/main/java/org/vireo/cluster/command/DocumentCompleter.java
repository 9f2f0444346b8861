package org.vireo.cluster.command;

import java.util.List;

import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.completers.StringsCompleter;
import org.vireo.cluster.internal.node.ClusterAdmin;

/** Completes the replicated documents this node holds. */
@Service
public class DocumentCompleter implements Completer {

    @Reference
    ClusterAdmin cluster;

    @Override
    public int complete(Session session, CommandLine commandLine, List<String> candidates) {
        StringsCompleter strings = new StringsCompleter();
        cluster.status().documents().forEach(d -> strings.getStrings().add(d.id()));
        return strings.complete(session, commandLine, candidates);
    }
}
