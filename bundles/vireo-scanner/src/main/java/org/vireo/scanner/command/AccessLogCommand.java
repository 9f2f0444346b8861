package org.vireo.scanner.command;

import java.util.List;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.api.QueryParams;
import org.vireo.scanner.internal.access.AccessEntry;
import org.vireo.scanner.internal.access.AccessQuery;
import org.vireo.scanner.internal.access.AccessView;
import org.vireo.scanner.internal.proxy.ProxyComponent;

@Service
@Command(scope = "scanner", name = "access-log", description = "Shows the access log's newest exchanges on this node.",
    detailedDescription = "The proxy's recent list of the access log (the newest 4096 exchanges since the scanner"
        + " bundle started; data/log/access.log has them all), newest last, filtered as GET"
        + " /api/v1/scanner/access-log filters: --client an address, --host a domain and its subdomains, --status a"
        + " status, a class (4xx) or several (403,5xx), --rule the rule that matched.")
public class AccessLogCommand implements Action {

    @Reference(optional = true)
    private ProxyComponent proxy;

    @Option(name = "--client", description = "the client's address, e.g. 10.0.0.7")
    private String client;
    @Option(name = "--host", description = "a host: it and its subdomains")
    private String host;
    @Option(name = "--status", description = "a status, a class or several: 403, 4xx, 403,5xx")
    private String status;
    @Option(name = "--rule", description = "the name of the rule that matched")
    private String rule;
    @Option(name = "-n", aliases = "--lines", description = "how many, 1-1000 (default 100)")
    private String lines;

    @Override
    public Object execute() {
        if (proxy == null) {
            System.out.println("the HTTP proxy is not running (configuration org.vireo.scanner.proxy)");
            return null;
        }
        // the API's checks: a bad value is refused with the message the route's 400 has
        AccessQuery query = AccessQuery.parse(client, host, status, rule);
        List<AccessEntry> entries = proxy.recentAccess().read(-1, query, QueryParams.limit(lines));
        ShellTable table = new ShellTable();
        for (String column : List.of("Time", "Client", "Method", "Target", "Status", "Bytes up", "Bytes down", "ms",
            "Rule", "Refusal")) {
            table.column(column);
        }
        entries.forEach(e -> table.addRow().addContent(AccessView.TIME.format(e.start()), e.client(), e.method(), e.target(), e.status(),
            e.bytesUp(), e.bytesDown(), e.durationMs(), e.rule() == null ? "" : e.rule(),
            e.refusal() == null ? "" : e.refusal()));
        table.print(System.out);
        return null;
    }
}
