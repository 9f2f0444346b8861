package org.vireo.scanner.command;

import java.util.Locale;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.scanner.LoadReport;
import org.vireo.scanner.LoadSample;

@Service
@Command(scope = "scanner", name = "load", description = "Shows this scanning node's load as the director's balancer"
    + " sees it.",
    detailedDescription = "The latest one-second sample of the load report: CPU of this JVM and of the machine (share"
        + " of all CPUs), Java heap, the machine's memory in use (total minus available, from /proc/meminfo), client"
        + " connections open now and requests and tunnels started during the last second (zero while the proxy is"
        + " not running). A figure the platform does not give is shown as unknown.")
public class LoadCommand implements Action {

    @Reference
    LoadReport load;

    @Override
    public Object execute() {
        LoadSample s = load.current();
        ShellTable table = new ShellTable();
        table.column("Load");
        table.column("Value").alignRight();
        table.addRow().addContent("Measured at", s.at());
        table.addRow().addContent("Process CPU", percent(s.processCpu()));
        table.addRow().addContent("System CPU", percent(s.systemCpu()));
        table.addRow().addContent("Heap", usedOfTotal(s.heapUsedBytes(), s.heapMaxBytes()));
        table.addRow().addContent("Memory", usedOfTotal(s.memoryUsedBytes(), s.memoryTotalBytes()));
        table.addRow().addContent("Active connections", s.activeConnections());
        table.addRow().addContent("Requests last second", String.format(Locale.ROOT, "%.0f", s.requestsPerSecond()));
        table.print(System.out);
        return null;
    }

    private static String percent(double share) {
        return share < 0 ? "unknown" : String.format(Locale.ROOT, "%.1f %%", share * 100);
    }

    private static String usedOfTotal(long used, long total) {
        return used < 0 || total <= 0 ? "unknown" : Sizes.mebibytes(used) + " of "
            + Sizes.mebibytes(total);
    }
}
