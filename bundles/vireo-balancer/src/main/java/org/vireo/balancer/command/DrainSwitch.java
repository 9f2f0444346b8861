package org.vireo.balancer.command;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.vireo.balancer.Balancer;

/** balancer:drain and balancer:undrain: the same switch, on or off. */
abstract class DrainSwitch implements Action {

    @Argument(index = 0, name = "scanner", required = true,
        description = "The scanner as balancer:scanners shows it, e.g. 10.0.0.21:3128")
    @Completion(ScannerCompleter.class)
    String scanner;

    @Reference
    Balancer balancer;

    /** Whether this command drains (or undrains). */
    abstract boolean drain();

    @Override
    public Object execute() throws Exception {
        System.out.println(balancer.drain(scanner, drain()));
        return null;
    }
}
