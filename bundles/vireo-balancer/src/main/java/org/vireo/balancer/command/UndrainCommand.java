package org.vireo.balancer.command;

import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Service;

@Service
@Command(scope = "balancer", name = "undrain", description = "Takes a scanner out of drain: it gets new connections again.",
    detailedDescription = "Removes 'drain' from the scanner's entry in the cluster-wide table (org.vireo.balancer);"
        + " it comes back at full weight (slow start applies only to a scanner that was down). Its former clients"
        + " return to it as their affinity entries expire.")
public class UndrainCommand extends DrainSwitch {

    @Override
    boolean drain() {
        return false;
    }
}
