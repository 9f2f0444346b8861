package org.vireo.srv.command;

import java.io.PrintStream;
import java.util.stream.Collectors;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.vireo.settings.DnsOptions;
import org.vireo.srv.internal.dns.DnsComponent;
import org.xbill.DNS.Record;

@Service
@Command(scope = "srv", name = "dns", description = "Shows the dynamic SRV responder: where it listens, the zone it"
    + " answers now, and the queries answered.",
    detailedDescription = "The responder (org.vireo.srv.dns, cluster-wide; org.vireo.srv.dns.local, this node)"
        + " answers _<service>._tcp.<zone> SRV queries from the node registry: one record per healthy node offering"
        + " the service (not stale, its registry entry names a URL for it), weight 100 x (1 - load score), '.' when"
        + " none is; A/AAAA for <node>.<zone>; SOA and NS at the apex. Every member builds the same zone from the same"
        + " registry. Shown: the zone's records now (in zone-file form), then the queries by outcome since the"
        + " start (noerror, nxdomain, refused, formerr, notimp, badvers; dropped: not a query; rate-limited;"
        + " truncated: UDP answers cut with TC).")
public class DnsCommand implements Action {

    @Reference
    private DnsComponent dns;

    @Override
    public Object execute() {
        print(dns.status(), System.out);
        return null;
    }

    static void print(DnsComponent.Status s, PrintStream out) {
        DnsOptions o = s.options();
        if (o == null) {
            out.println("DNS responder: not configured: " + s.problem().orElse("no configuration yet"));
            return;
        }
        out.println("DNS responder: " + (!o.enabled() ? "off (enabled = false in " + DnsOptions.PID + ")"
            : s.listening().isEmpty() ? "not listening" : "listening on " + s.listening().stream()
                .map(a -> a.getAddress().getHostAddress() + " port " + a.getPort()).collect(Collectors.joining(", "))
                + " (UDP and TCP)"));
        s.problem().ifPresent(p -> out.println("Problem: " + p));
        s.zone().ifPresent(z -> {
            out.println("Zone " + z.apex() + " (serial " + z.soa().getSerial() + "):");
            z.records().stream().map(Record::toString).forEach(r -> out.println("  " + r));
        });
        out.println("Queries: " + (s.counters().isEmpty() ? "none yet" : s.counters().entrySet().stream()
            .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "))));
    }
}
