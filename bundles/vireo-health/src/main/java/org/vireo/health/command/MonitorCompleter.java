package org.vireo.health.command;

import java.util.List;

import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.completers.StringsCompleter;
import org.vireo.health.Monitor;

/** Completes the names of the monitors of this node. */
@Service
public class MonitorCompleter implements Completer {

    @Reference(optional = true)
    private List<Monitor> monitors;

    @Override
    public int complete(Session session, CommandLine commandLine, List<String> candidates) {
        StringsCompleter names = new StringsCompleter();
        if (monitors != null) {
            monitors.forEach(m -> names.getStrings().add(m.name()));
        }
        return names.complete(session, commandLine, candidates);
    }
}
