package org.vireo.balancer.internal.pool;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;
import org.vireo.settings.BalancerOptions;
import org.vireo.balancer.internal.schedule.Candidate;

class ScannerTableTest {

    private final AtomicLong clock = new AtomicLong(Duration.ofHours(1).toNanos());
    private final ScannerTable table = new ScannerTable(clock::get, Duration.ofSeconds(10).toNanos());

    private void advance(Duration d) {
        clock.addAndGet(d.toNanos());
    }

    private Candidate candidate(String id) {
        return table.candidates().stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void aFailedConnectTakesAScannerDownAtOnceUntilTheHoldDownEndsThenItRampsUp() {
        table.configure(BalancerOptions.parse(Map.of("scanners", "10.0.0.1:3128, 10.0.0.2:3128")).scanners());
        assertThat(candidate("10.0.0.1:3128").healthy()).isTrue();

        table.failed("10.0.0.1:3128");
        assertThat(candidate("10.0.0.1:3128").healthy()).isFalse();
        assertThat(candidate("10.0.0.2:3128").healthy()).isTrue();

        advance(Duration.ofSeconds(10));
        Candidate back = candidate("10.0.0.1:3128");
        assertThat(back.healthy()).isTrue();
        assertThat(back.upSinceNanos()).isEqualTo(clock.get()); // slow start counts from now
    }

    @Test
    void theMonitorDecidesAndItsUpEndsAPassiveHoldDownEarly() {
        table.configure(BalancerOptions.parse(Map.of("scanners", "10.0.0.1:3128")).scanners());
        table.monitor("10.0.0.1:3128", false);
        advance(Duration.ofMinutes(1));
        assertThat(candidate("10.0.0.1:3128").healthy()).as("down while its monitor says so").isFalse();

        table.monitor("10.0.0.1:3128", true);
        assertThat(candidate("10.0.0.1:3128").healthy()).isTrue();
        table.failed("10.0.0.1:3128");
        table.monitor("10.0.0.1:3128", true);
        assertThat(candidate("10.0.0.1:3128").healthy()).isTrue();
    }

    @Test
    void aScannerOutOnlyByAFailedConnectIsHeldDownAndAConnectThatSucceedsBringsItBack() {
        table.configure(BalancerOptions.parse(Map.of("scanners",
            "10.0.0.1:3128, 10.0.0.2:3128, 10.0.0.3:3128 drain, 10.0.0.4:3128")).scanners());
        table.failed("10.0.0.1:3128");
        table.failed("10.0.0.2:3128");
        table.monitor("10.0.0.2:3128", false);
        table.failed("10.0.0.3:3128");
        assertThat(table.heldDown()).as("not one its monitor says is down, nor a drained one")
            .containsExactly("10.0.0.1:3128");

        assertThat(table.connected("10.0.0.4:3128")).as("never held down").isFalse();
        assertThat(table.connected("10.0.0.1:3128")).isTrue();

        assertThat(candidate("10.0.0.1:3128").healthy()).isTrue();
        assertThat(table.heldDown()).isEmpty();
        assertThat(table.connected("10.0.0.1:3128")).isFalse();
        advance(Duration.ofSeconds(10));
        assertThat(table.heldDown()).as("a hold-down that ended holds nothing").isEmpty();
    }

    @Test
    void reconfiguringKeepsWhatIsKnownOfScannersThatStayAndTakesWeightAndDrain() {
        table.configure(BalancerOptions.parse(Map.of("scanners", "10.0.0.1:3128")).scanners());
        table.load("10.0.0.1:3128", 0.7, 0.3);
        table.failed("10.0.0.1:3128");

        table.configure(BalancerOptions.parse(Map.of("scanners", "10.0.0.1:3128 weight=3 drain, 10.0.0.2:3128"))
            .scanners());

        Candidate kept = candidate("10.0.0.1:3128");
        assertThat(kept.healthy()).isFalse();
        assertThat(kept.cpu()).isEqualTo(0.7);
        assertThat(kept.weight()).isEqualTo(3);
        assertThat(kept.drained()).isTrue();
        assertThat(candidate("10.0.0.2:3128").healthy()).isTrue();
    }
}
