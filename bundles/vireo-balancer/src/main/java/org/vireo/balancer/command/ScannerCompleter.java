package org.vireo.balancer.command;

import java.util.List;

import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.completers.StringsCompleter;
import org.vireo.balancer.Balancer;
import org.vireo.balancer.ScannerStats;

/** Completes the scanners of the table. */
@Service
public class ScannerCompleter implements Completer {

    @Reference(optional = true)
    private Balancer balancer;

    @Override
    public int complete(Session session, CommandLine commandLine, List<String> candidates) {
        List<String> ids = balancer == null ? List.of() : balancer.scanners().stream().map(ScannerStats::id).toList();
        return new StringsCompleter(ids).complete(session, commandLine, candidates);
    }
}
