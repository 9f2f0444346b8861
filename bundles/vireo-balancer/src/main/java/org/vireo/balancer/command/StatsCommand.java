package org.vireo.balancer.command;

import java.io.PrintStream;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.balancer.Balancer;
import org.vireo.balancer.BalancerStatus;

@Service
@Command(scope = "balancer", name = "stats", description = "Shows where the balancer listens, its totals and what needs fixing.",
    detailedDescription = "Mode vip: this node has VRRP instances and listens on the virtual addresses of those it"
        + " is master of (none while it is backup); mode standalone: no VRRP instance, it listens on"
        + " standaloneAddresses. Then each listening address with its service and whether it is bound (and why not),"
        + " the connections accepted, those closed because no scanner could take them, those open now, the"
        + " clients whose scanner is remembered, and the problems an operator should fix.")
public class StatsCommand implements Action {

    @Reference
    private Balancer balancer;

    @Override
    public Object execute() {
        print(balancer.status(), System.out);
        return null;
    }

    static void print(BalancerStatus s, PrintStream out) {
        out.println("Mode:        " + s.mode());
        out.println("Transport:   " + s.transport());
        out.println("Accepted:    " + s.accepted());
        out.println("Unserved:    " + s.unserved() + " (closed: no scanner could take them)");
        out.println("Relayed:     " + s.relayed() + " (to the master: this node backup, with sendToMaster)");
        out.println("Active:      " + s.active());
        out.println("Affinities:  " + s.affinities());
        ShellTable table = new ShellTable();
        table.column("Listener");
        table.column("Service");
        table.column("Bound");
        table.column("Problem");
        table.emptyTableText(s.mode().equals("vip") ? "none: this node is master of no VRRP instance and binds no VIP ahead"
            : "none: standaloneAddresses is empty");
        s.listeners().forEach(l -> table.addRow().addContent(l.address(), l.service(), l.bound() ? "yes" : "NO",
            l.problem()));
        table.print(out);
        if (s.problems().isEmpty()) {
            out.println("Problems:    none");
        } else {
            out.println("Problems:");
            s.problems().forEach(p -> out.println("  - " + p));
        }
    }
}
