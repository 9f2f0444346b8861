package org.vireo.health.internal.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.health.Health;
import org.vireo.settings.MonitorOptions;

class RefusedMonitorTest {

    @Test
    void givenAMonitorRefusedAtTheStart_thenItIsListedUnderItsFileWithTheReason_andNeverUnderAMonitorsName() {
        String reason = catchRefusal(Map.of("service.pid", "org.vireo.health.monitor~web", "name", "web",
            "type", "tcp", "host", "10.0.0.5", "port", "80", "intervallMillis", "500"));

        RefusedMonitor refused = RefusedMonitor.of("org.vireo.health.monitor-web.cfg", reason);

        assertThat(refused.name()).isEqualTo("org.vireo.health.monitor-web.cfg (refused)");
        assertThatIllegalArgumentException().as("never a name a tracked group could count")
            .isThrownBy(() -> MonitorOptions.parse(Map.of("name", refused.name(), "type", "link",
                "interface", "lo")));
        assertThat(refused.status().health()).isEqualTo(Health.UNKNOWN);
        assertThat(refused.warnings()).singleElement().asString()
            .contains("unknown key 'intervallMillis' (did you mean intervalMillis?)")
            .endsWith("; the monitor does not run until its configuration is fixed");
    }

    private static String catchRefusal(Map<String, Object> config) {
        try {
            MonitorOptions.parse(config);
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
        throw new AssertionError("accepted");
    }
}
