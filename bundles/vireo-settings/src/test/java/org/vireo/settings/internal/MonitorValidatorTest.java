package org.vireo.settings.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;

import org.junit.jupiter.api.Test;

class MonitorValidatorTest {

    private final MonitorValidator validator = new MonitorValidator();

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void aMonitorThisNodeWouldAcceptIsSent() {
        assertThat(validator.problem("pid:org.vireo.health.monitor~web",
            text("host = 10.0.0.1\nname = web\nport = 80\ntype = tcp\n"))).isEmpty();
    }

    @Test
    void aMonitorThisNodeWouldRefuseIsRefusedWithItsMessage() {
        assertThat(validator.problem("pid:org.vireo.health.monitor~web",
            text("host = 10.0.0.1\nname = web\nport = 99999\ntype = tcp\n")))
            .hasValueSatisfying(p -> assertThat(p).contains("port").contains("99999"));
    }
}
