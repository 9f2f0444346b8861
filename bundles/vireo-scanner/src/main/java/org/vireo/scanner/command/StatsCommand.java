package org.vireo.scanner.command;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.scanner.internal.proxy.FtpCounters;
import org.vireo.scanner.internal.proxy.ProxyComponent;
import org.vireo.scanner.internal.proxy.ProxyCounters;
import org.vireo.scanner.internal.proxy.ProxyHeaders;
import org.vireo.scanner.internal.proxy.RequestRefusal;

@Service
@Command(scope = "scanner", name = "stats", description = "Shows the HTTP and FTP proxies' counters on this node.",
    detailedDescription = "Counters run since the bundle started (a configuration change keeps them). Requests"
        + " counts absolute-form requests, Tunnels CONNECT tunnels; status classes count every answer, the proxy's"
        + " own (403 block page, 502, ...) included. Bytes are body bytes (for tunnels: all bytes). Last second:"
        + " requests and tunnels started during the last complete second. PROXY headers read: connections whose"
        + " client a director named (the balancer's PROXY protocol header); Refused: connections closed at their"
        + " PROXY header, by reason; Refused request: messages refused for their syntax or framing, by the code the"
        + " access log's refusal field shows (docs/scanner.md lists them); Trailer fields dropped: trailer fields"
        + " not on the list a trailer may carry. FTP: sessions are logins the server accepted; logins refused, by"
        + " the rules, a protected destination or the server; transfers by the class of their final reply (a"
        + " blocked path is a 550); data connections refused: PORT/EPRT to, or passive connections from, an address"
        + " other than the client's (docs/ftp.md).")
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
        ProxyHeaders h = proxy.headers();
        table.addRow().addContent("PROXY headers read", h.headersRead());
        for (ProxyHeaders.Refusal r : ProxyHeaders.Refusal.values()) {
            table.addRow().addContent("Refused: " + r.text(), h.refusals(r));
        }
        for (RequestRefusal r : RequestRefusal.values()) {
            table.addRow().addContent("Refused request: " + r.code(), c.refusals(r));
        }
        table.addRow().addContent("Trailer fields dropped", c.trailerFieldsDropped());
        proxy.refusedConfiguration().ifPresent(r -> table.addRow().addContent("Refused configuration", r));
        FtpCounters f = proxy.ftpCounters();
        table.addRow().addContent("FTP listening on", proxy.ftpAddress().map(String::valueOf).orElse("(stopped)"));
        table.addRow().addContent("FTP active sessions", f.activeSessions());
        table.addRow().addContent("FTP sessions", f.sessions());
        table.addRow().addContent("FTP logins refused", f.loginsRefused());
        for (int replyClass : new int[] {2, 4, 5}) {
            table.addRow().addContent("FTP transfers " + replyClass + "xx", f.transfers(replyClass));
        }
        table.addRow().addContent("FTP bytes up", f.bytesUp());
        table.addRow().addContent("FTP bytes down", f.bytesDown());
        table.addRow().addContent("FTP data connections refused", f.dataConnectionsRefused());
        table.print(System.out);
        return null;
    }
}
