package org.vireo.health.command;

import java.io.PrintStream;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import org.apache.karaf.shell.api.action.Action;
import org.apache.karaf.shell.api.action.Argument;
import org.apache.karaf.shell.api.action.Command;
import org.apache.karaf.shell.api.action.Completion;
import org.apache.karaf.shell.api.action.lifecycle.Reference;
import org.apache.karaf.shell.api.action.lifecycle.Service;
import org.vireo.health.Monitor;
import org.vireo.health.MonitorStatus;

@Service
@Command(scope = "health", name = "show",
    description = "Shows one health monitor: health, last result, rise/fall counters, counts and configuration.",
    detailedDescription = "Health is the verdict after rise and fall, with the time it has held. Successes and"
        + " failures are the current runs of equal results against rise and fall. The configuration is the one in"
        + " effect: a refused change is listed under Warning, and the monitor goes on with its previous one.")
public class ShowCommand implements Action {

    @Reference(optional = true)
    private List<Monitor> monitors;

    @Argument(index = 0, name = "monitor", required = true, description = "The monitor's name (health:list shows them).")
    @Completion(MonitorCompleter.class)
    private String name;

    @Override
    public Object execute() {
        print(Monitors.byName(monitors, name), Instant.now(), System.out);
        return null;
    }

    static void print(Monitor m, Instant now, PrintStream out) {
        MonitorStatus s = m.status();
        line(out, "Name", s.name());
        line(out, "Type", s.type());
        line(out, "Target", s.target());
        line(out, "Health", s.health() + " for " + Monitors.age(s.healthSince(), now) + " (since " + s.healthSince()
            + ")");
        line(out, "Last result", s.lastResult().map(r -> (r.success() ? "success: " : "failure: ") + r.detail()
            + " (" + Monitors.latency(r) + ", at " + r.at() + ")").orElse("- (no check has finished yet)"));
        line(out, "Successes in a row", s.consecutiveSuccesses() + " of rise " + s.rise());
        line(out, "Failures in a row", s.consecutiveFailures() + " of fall " + s.fall());
        line(out, "Interval", s.interval().toMillis() + " ms");
        line(out, "Timeout", s.timeout().toMillis() + " ms");
        line(out, "Checks", s.checks() + " (" + s.failures() + " failed)");
        Map<String, String> settings = m.settings();
        if (!settings.isEmpty()) {
            out.println("Configuration:");
            settings.forEach((k, v) -> line(out, "  " + k, v.isEmpty() ? "(none)" : v));
        }
        m.warnings().forEach(w -> line(out, "Warning", w));
    }

    private static void line(PrintStream out, String key, String value) {
        out.printf("%-22s %s%n", key + ":", value);
    }
}
