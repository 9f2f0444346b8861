package org.vireo.srv.command;

import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.util.Locale;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.apache.karaf.shell.support.table.ShellTable;
import org.vireo.srv.internal.redirect.RedirectComponent;
import org.vireo.settings.RedirectOptions;
import org.vireo.srv.internal.redirect.RedirectPolicy;

@Service
@Command(scope = "srv", name = "redirects", description = "Shows the redirect balancer: where it listens, how it"
    + " weighs each node, and where a new client would go now.",
    detailedDescription = "The redirect balancer (org.vireo.srv.redirect, cluster-wide; org.vireo.srv.redirect.local,"
        + " this node) answers GET <path> with 200 when this node is the best one to serve the service, 302 to the"
        + " least-loaded node that offers it, or 503 when none does. One line per node of the registry: whether it"
        + " is eligible (reports, offers the service, reports a load) or why not, its load score (the higher of CPU"
        + " and memory share, plus open connections / connectionsAtFullLoad) and the URL clients are sent to. Then"
        + " what a new client arriving here gets now, and the requests answered since the start.")
public class RedirectsCommand implements Action {

    @Reference
    private RedirectComponent redirects;

    @Override
    public Object execute() {
        print(redirects.status(), System.out);
        return null;
    }

    static void print(RedirectComponent.Status s, PrintStream out) {
        RedirectOptions o = s.options();
        if (o == null) {
            out.println("Redirect balancer: not configured: " + s.problem().orElse("no configuration yet"));
            return;
        }
        out.println("Redirect balancer: " + (!o.enabled() ? "off (enabled = false in " + RedirectOptions.PID + ")"
            : s.listening().map(RedirectsCommand::where).orElse("not listening")));
        out.println("Service: " + o.service() + "  path: " + o.path() + "  margin: " + o.margin()
            + "  connections at full load: " + o.connectionsAtFullLoad());
        s.url().ifPresent(u -> out.println("Clients are sent here at: " + u));
        s.problem().ifPresent(p -> out.println("Problem: " + p));
        ShellTable table = new ShellTable();
        table.column("Node");
        table.column("Eligible");
        table.column("Score").alignRight();
        table.column("URL");
        table.emptyTableText("the node registry is empty");
        for (RedirectPolicy.Assessment a : s.nodes()) {
            table.addRow().addContent(a.node().name() + (a.node().self() ? " (this node)" : ""),
                a.eligible() ? "yes" : "no: " + a.why(),
                Double.isNaN(a.score()) ? "-" : String.format(Locale.ROOT, "%.3f", a.score()), a.url().orElse("-"));
        }
        table.print(out);
        s.nextClient().ifPresent(d -> out.println("A new client here now: " + describe(d)));
        out.println("Answered: " + s.served() + " here (200), " + s.redirected() + " redirected (302), " + s.refused()
            + " refused (503)");
    }

    private static String where(InetSocketAddress a) {
        if (a.getAddress().isAnyLocalAddress()) {
            return "listening on port " + a.getPort() + " (all addresses)";
        }
        String host = a.getAddress().getHostAddress();
        return "listening on " + (host.contains(":") ? "[" + host + "]" : host) + ":" + a.getPort();
    }

    static String describe(RedirectPolicy.Decision d) {
        if (d instanceof RedirectPolicy.Decision.Serve) {
            return "200, served by this node";
        }
        if (d instanceof RedirectPolicy.Decision.Redirect r) {
            return "302 to " + r.target().name() + " (" + r.url() + ")";
        }
        return "503: " + ((RedirectPolicy.Decision.Unavailable) d).reason();
    }
}
