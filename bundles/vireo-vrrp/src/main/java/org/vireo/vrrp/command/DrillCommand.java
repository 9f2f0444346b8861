package org.vireo.vrrp.command;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.Option;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.vireo.vrrp.internal.drill.DrillResult;
import org.vireo.vrrp.internal.drill.Drills;

@Service
@Command(scope = "vrrp", name = "drill",
    description = "Rehearses a failover: hands the VIP over while another member probes it, and reports the outage.",
    detailedDescription = "Run on the instance's master. Another member (a scanner by default, or --from) probes the"
        + " VIP: a TCP connection to the instance's first VIP on the balancer's HTTP port every 10 ms (or --probe"
        + " tcp:<host>:<port> | http://...), so that its traffic crosses the wire as a client's does. After a second"
        + " this node resigns as a graceful stop does (priority 0) and stays out of the election: the backup takes"
        + " over after its Skew_Time. The drill reports the longest gap the probe saw and its failed attempts, the"
        + " new master's own timeline (the old master's last advert heard, its VIPs claimed and its gratuitous ARPs"
        + " sent, its first advert sent) and the bound a"
        + " graceful handover should keep (Skew_Time, 15 ms for the new master's announcement, a probe interval at each"
        + " end). --return ends the hold"
        + " after the takeover so that this node, if it preempts, takes the VIP back, measured too; without it, the"
        + " node stays out for the instance's resign hold-off, as vrrp:resign does. It takes a few seconds; the last"
        + " 10 drills are kept (GET /api/v1/vrrp/drills, the console's VRRP page). Needs the cluster: the probing"
        + " member and the new master are asked over it.")
public class DrillCommand implements Action {

    @Reference
    private Drills drills;

    @Argument(index = 0, name = "instance", required = true, description = "The instance, of which this node is"
        + " the master.")
    @Completion(InstanceCompleter.class)
    private String name;

    @Option(name = "--probe", description = "What the probe reaches: tcp:<host>:<port> or an http:// URL; default a"
        + " TCP connection to the first VIP on the balancer's HTTP port.")
    private String probe;

    @Option(name = "--from", description = "The member that probes (cluster:status lists them); default one that"
        + " runs no instance of this name, a scanner first.")
    private String from;

    @Option(name = "--return", description = "Take the VIP back within the drill (the instance must preempt).")
    private boolean returning;

    @Option(name = "--interval-ms", description = "Between two probe attempts, 2-1000 ms (default 10).")
    private int intervalMillis = 10;

    @Override
    public Object execute() {
        if (intervalMillis < 2 || intervalMillis > 1000) {
            throw new IllegalArgumentException("--interval-ms " + intervalMillis + ": from 2 to 1000");
        }
        DrillResult r = drills.run(name, Optional.ofNullable(probe), Optional.ofNullable(from), returning,
            Duration.ofMillis(intervalMillis), step -> System.out.println("  " + step));
        System.out.print(DrillText.of(r));
        return null;
    }

    /** A drill's result in words. */
    static final class DrillText {

        private DrillText() {
        }

        static String of(DrillResult r) {
            StringBuilder out = new StringBuilder();
            out.append(String.format(Locale.ROOT, "Drill %d of %s: probe %s from %s, every %d ms%n", r.id(),
                r.instance(), r.target(), r.probeMember(), r.intervalMillis()));
            if (r.error() != null) {
                out.append("  FAILED: ").append(r.error()).append(System.lineSeparator());
                return notes(out, r);
            }
            phase(out, "Takeover", r.takeover());
            if (r.boundMillis() >= 0) {
                out.append(String.format(Locale.ROOT, "  Expected   at most %.1f ms (Skew_Time %.1f ms of priority %d,"
                    + " 15 ms for the announcement, a probe interval at each end): %s%n", r.boundMillis(), r.skewTimeMillis(),
                    r.timeline().newMasterPriority(), r.withinBound() ? "within" : "OVER"));
            }
            DrillResult.Timeline t = r.timeline();
            out.append(String.format(Locale.ROOT, "  New master %s%s%n", t.newMaster() == null ? "none heard"
                : t.newMaster(), t.newMasterNode() == null ? "" : " (" + t.newMasterNode() + ")"));
            if (t.advertGapMillis() >= 0) {
                out.append(String.format(Locale.ROOT, "  VRRP       last advert of this node heard %s, first advert of"
                    + " the new master %s: %.1f ms%n", t.lastAdvertHeard(), t.firstAdvertSent(), t.advertGapMillis()));
            }
            if (t.vipsAnnounced() != null && t.lastAdvertHeard() != null) {
                out.append(String.format(Locale.ROOT, "  Announced  VIPs on the new master and its gratuitous ARPs sent"
                    + " %s: %.1f ms after this node's last advert%n", t.vipsAnnounced(), Duration.between(
                    Instant.parse(t.lastAdvertHeard()), Instant.parse(t.vipsAnnounced()))
                    .toNanos() / 1e6));
            }
            if (r.returned() != null) {
                phase(out, "Return", r.returned());
            }
            return notes(out, r);
        }

        private static void phase(StringBuilder out, String what, DrillResult.Phase p) {
            out.append(String.format(Locale.ROOT, "  %-10s outage %s, %d of %d attempts failed%n", what,
                p.outageMillis() < 0 ? "not measured (fewer than two answers)"
                    : String.format(Locale.ROOT, "%.1f ms", p.outageMillis()), p.failedAttempts(), p.attempts()));
        }

        private static String notes(StringBuilder out, DrillResult r) {
            r.notes().forEach(n -> out.append("  Note: ").append(n).append(System.lineSeparator()));
            return out.toString();
        }
    }
}
