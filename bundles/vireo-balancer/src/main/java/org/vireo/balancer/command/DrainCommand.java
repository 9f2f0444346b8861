package org.vireo.balancer.command;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;

@Service
@Command(scope = "balancer", name = "drain", description = "Drains a scanner: no new connections, the open ones finish.",
    detailedDescription = "Adds 'drain' to the scanner's entry in the cluster-wide table (scanners in"
        + " org.vireo.balancer), so every director applies it and it survives restarts; balancer:undrain takes it"
        + " off. Clients that were on it go to their next scanner on the ring.")
public class DrainCommand extends DrainSwitch {

    @Override
    boolean drain() {
        return true;
    }
}
