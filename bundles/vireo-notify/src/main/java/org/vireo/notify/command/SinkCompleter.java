package org.vireo.notify.command;

import java.util.List;

import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.completers.StringsCompleter;
import org.vireo.notify.NotifySink;

/** Completes the names of the notification sinks of this node. */
@Service
public class SinkCompleter implements Completer {

    @Reference(optional = true)
    private List<NotifySink> sinks;

    @Override
    public int complete(Session session, CommandLine commandLine, List<String> candidates) {
        StringsCompleter names = new StringsCompleter();
        if (sinks != null) {
            sinks.forEach(s -> names.getStrings().add(s.name()));
        }
        return names.complete(session, commandLine, candidates);
    }
}
