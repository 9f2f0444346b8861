package org.vireo.vrrp.command;

import java.util.List;

import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.api.console.CommandLine;
import org.apache.karaf.shell.api.console.Completer;
import org.apache.karaf.shell.api.console.Session;
import org.apache.karaf.shell.support.completers.StringsCompleter;
import org.vireo.vrrp.VrrpInstance;

/** Completes the names of the VRRP instances of this node. */
@Service
public class InstanceCompleter implements Completer {

    @Reference
    private List<VrrpInstance> instances;

    @Override
    public int complete(Session session, CommandLine commandLine, List<String> candidates) {
        StringsCompleter names = new StringsCompleter();
        Instances.present(instances).forEach(i -> names.getStrings().add(i.name()));
        return names.complete(session, commandLine, candidates);
    }
}
