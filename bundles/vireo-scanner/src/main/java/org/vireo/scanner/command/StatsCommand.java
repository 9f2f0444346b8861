package org.vireo.scanner.command;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.scanner.internal.proxy.ProxyComponent;
import org.vireo.scanner.internal.proxy.ProxyCounters;

@Service
@Command(scope = "scanner", name = "stats", description = "Shows the HTTP proxy's counters on this node.",
    detailedDescription = "Counters run since the bundle started (a configuration change keeps them). Requests"
        + " counts absolute-form requests, Tunnels CONNECT tunnels; status classes count every answer, the proxy's"
        + " own (403 block page, 502, ...) included. Bytes are body bytes (for tunnels: all bytes). Last second:"
        + " requests and tunnels started during the last complete second.")
public class StatsCommand implements Action {

    @Reference(optional = true)
    private ProxyComponent proxy;

    @Override
    public Object execute() {
        if (proxy == null) {
            System.out.println("the HTTP proxy is not running (configuration org.vireo.scanner.proxy)");
            return null;
        }
        ProxyCounters c = proxy.counters();
        ShellTable table = new ShellTable();
        table.column("Counter");
        table.column("Value").alignRight();
        table.addRow().addContent("Listening on", proxy.address().map(String::valueOf).orElse("(stopped)"));
        table.addRow().addContent("Active connections", c.activeConnections());
        table.addRow().addContent("Requests", c.requests());
        table.addRow().addContent("Tunnels", c.tunnels());
        for (int statusClass = 1; statusClass <= 5; statusClass++) {
            table.addRow().addContent(statusClass + "xx", c.byStatusClass(statusClass));
        }
        table.addRow().addContent("Bytes up", c.bytesUp());
        table.addRow().addContent("Bytes down", c.bytesDown());
        table.addRow().addContent("Last second", c.requestsLastSecond());
        proxy.refusedConfiguration().ifPresent(r -> table.addRow().addContent("Refused configuration", r));
        table.print(System.out);
        return null;
    }
}
