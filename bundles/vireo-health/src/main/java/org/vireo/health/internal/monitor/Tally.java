package org.vireo.health.internal.monitor;

import java.time.Instant;
import java.util.Optional;

import org.vireo.health.CheckResult;
import org.vireo.health.Health;
import org.vireo.health.MonitorStatus;
import org.vireo.settings.MonitorOptions;

/** What a monitor has seen: its health under rise/fall, since when, the last result and the counts. Not thread-safe. */
final class Tally {

    private final RiseFall riseFall;
    private Instant healthSince;
    private CheckResult last;
    private long checks;
    private long failures;

    Tally(int rise, int fall, Instant start) {
        this(new RiseFall(rise, fall), start, null, 0, 0);
    }

    private Tally(RiseFall riseFall, Instant healthSince, CheckResult last, long checks, long failures) {
        this.riseFall = riseFall;
        this.healthSince = healthSince;
        this.last = last;
        this.checks = checks;
        this.failures = failures;
    }

    /** The same history under new rise and fall (a re-tuned monitor keeps its verdict and counts). */
    Tally retuned(int rise, int fall) {
        return new Tally(riseFall.withThresholds(rise, fall), healthSince, last, checks, failures);
    }

    /** Counts one result; returns whether the health changed. */
    boolean record(CheckResult result) {
        checks++;
        if (!result.success()) {
            failures++;
        }
        last = result;
        boolean changed = riseFall.record(result.success());
        if (changed) {
            healthSince = result.at();
        }
        return changed;
    }

    Health health() {
        return riseFall.health();
    }

    MonitorStatus status(MonitorOptions o) {
        return new MonitorStatus(o.name(), o.type().key(), o.target(), riseFall.health(), healthSince,
            Optional.ofNullable(last), riseFall.successes(), riseFall.failures(), riseFall.rise(), riseFall.fall(),
            o.interval(), o.timeout(), checks, failures);
    }
}
