package org.vireo.balancer.command;

import java.io.PrintStream;
import java.util.List;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.balancer.Balancer;
import org.vireo.balancer.ScannerStats;

@Service
@Command(scope = "balancer", name = "scanners", description = "Lists the scanner table with each scanner's state and numbers.",
    detailedDescription = "One line per scanner of the table (scanners in org.vireo.balancer): UP when its monitor"
        + " (health:list) says so and no connect to it failed since; DRAIN when drained (balancer:drain). Weight is"
        + " the table's; Effective is what the scheduler weighs now: weight x (1 - the higher of its reported CPU and"
        + " memory) x slow start, 0 when it cannot take connections. Share is its part of the connections open now;"
        + " Active, Total and Failed count connections open now, forwarded since the start and connects that"
        + " failed; In/Out the bytes clients sent it and it sent back; Clients the clients it is remembered for"
        + " (affinity: they return to it while it can take them, until idle for affinityIdleSeconds).")
public class ScannersCommand implements Action {

    @Reference
    private Balancer balancer;

    @Override
    public Object execute() {
        print(balancer.scanners(), System.out);
        return null;
    }

    static void print(List<ScannerStats> scanners, PrintStream out) {
        ShellTable table = new ShellTable();
        table.column("Scanner");
        table.column("State");
        table.column("Weight").alignRight();
        table.column("Effective").alignRight();
        table.column("Share").alignRight();
        table.column("Active").alignRight();
        table.column("Total").alignRight();
        table.column("Failed").alignRight();
        table.column("In").alignRight();
        table.column("Out").alignRight();
        table.column("CPU").alignRight();
        table.column("Mem").alignRight();
        table.column("Clients").alignRight();
        table.column("Monitor");
        table.emptyTableText("the scanner table is empty: set scanners in etc/org.vireo.balancer.cfg");
        for (ScannerStats s : scanners) {
            table.addRow().addContent(s.id(), (s.up() ? "UP" : "DOWN") + (s.drain() ? " DRAIN" : ""),
                Numbers.decimal(s.weight()), Numbers.decimal(s.effectiveWeight()), Numbers.percent(s.share()),
                s.active(), s.connections(), s.connectFailures(), Numbers.bytes(s.bytesFromClients()),
                Numbers.bytes(s.bytesToClients()), Numbers.percent(s.cpu()), Numbers.percent(s.memory()), s.affinities(), s.monitor());
        }
        table.print(out);
    }
}
