package org.vireo.srv.command;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.srv.internal.SrvDefaults;
import org.vireo.srv.internal.SrvOptions;
import org.vireo.srv.internal.SrvReport;

/**
 * srv:resolve and srv:connect: the address and the resolver's options, laid over etc/org.vireo.srv.cfg. Options are
 * read as text so that a bad one is refused the way the configuration is: naming it, its value and what is accepted.
 */
abstract class SrvCommand implements Action {

    @Argument(index = 0, name = "address", required = true, description = "An IP literal (with or without :port;"
        + " IPv6 in brackets when a port follows), used as it is; or a host name (with or without :port), whose SRV"
        + " records are looked up")
    String address;

    @Option(name = "--service", description = "The SRV service label, _<name>._tcp or _<name>._udp, e.g."
        + " _ideco-client._tcp (default: service in org.vireo.srv, _vireo-proxy._tcp)")
    String service;

    @Option(name = "--dns", multiValued = true, description = "A DNS server, ip[:port] (port 53 when none);"
        + " repeatable, tried in turn (default: dnsServers in org.vireo.srv, else /etc/resolv.conf)")
    List<String> dns;

    @Option(name = "--port", description = "The port for an address without one and without SRV records, 1-65535"
        + " (default: defaultPort in org.vireo.srv, 443)")
    String port;

    @Option(name = "--timeout", description = "Milliseconds per DNS query and per connection, 10-60000 (default:"
        + " timeoutMillis and connectTimeoutMillis in org.vireo.srv, 2000)")
    String timeout;

    @Reference
    SrvDefaults defaults;

    /** The options of this command's own, under the names {@link SrvOptions#withOptions} reads. */
    abstract Map<String, Object> moreOptions();

    /** The node's settings with this command's options laid over them. */
    SrvOptions options(SrvOptions base) {
        Map<String, Object> given = new HashMap<>(moreOptions());
        given.put("--service", service);
        given.put("--dns", dns);
        given.put("--port", port);
        given.put("--timeout", timeout);
        return base.withOptions(given);
    }

    @Override
    public Object execute() throws Exception {
        defaults.refusedConfiguration().ifPresent(why -> System.err.println("note: " + why
            + "; its previous settings apply"));
        run(defaults.options(), System.out);
        return null;
    }

    /** Runs the command with the node's settings {@code base}; whether it resolved (or connected). */
    abstract boolean run(SrvOptions base, PrintStream out) throws InterruptedException;

    /** Tables as Karaf's ShellTable, numbers right-aligned. */
    static SrvReport.Printer printer(PrintStream out) {
        return new SrvReport.Printer() {
            @Override
            public void line(String text) {
                out.println(text);
            }

            @Override
            public void table(SrvReport.Table t) {
                ShellTable table = new ShellTable();
                t.columns().forEach(c -> {
                    var column = table.column(c.title());
                    if (c.numeric()) {
                        column.alignRight();
                    }
                });
                t.rows().forEach(row -> table.addRow().addContent(row.toArray()));
                table.print(out);
            }
        };
    }
}
