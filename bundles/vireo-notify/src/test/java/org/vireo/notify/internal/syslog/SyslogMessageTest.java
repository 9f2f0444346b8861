package org.vireo.notify.internal.syslog;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.events.NodeEvent;

class SyslogMessageTest {

    @Test
    void anEventIsOneRfc5424Line_itsFieldsStructuredDataEscaped() {
        NodeEvent e = new NodeEvent(42, Instant.parse("2026-12-06T10:00:00.123Z"), "vrrp.transition",
            Map.of("instance", "vip1", "from", "BACKUP", "to", "MASTER", "priority", 150L,
                "cause", "advert \"from\" [x] a\\b"));

        assertThat(SyslogMessage.format(e, 3, "n1", 77, "vireo@32473")).isEqualTo("<29>1 2026-12-06T10:00:00.123Z n1"
            + " vireo 77 vrrp.transition [vireo@32473 seq=\"42\" cause=\"advert \\\"from\\\" [x\\] a\\\\b\""
            + " from=\"BACKUP\" instance=\"vip1\" priority=\"150\" to=\"MASTER\"] vrrp.transition cause=advert"
            + " \"from\" [x] a\\b from=BACKUP instance=vip1 priority=150 to=MASTER");
    }

    @Test
    void aFaultOrADownIsAWarning_theRestNotices() {
        assertThat(SyslogMessage.severity(event("vrrp.transition", "FAULT"))).isEqualTo(SyslogMessage.WARNING);
        assertThat(SyslogMessage.severity(event("health.monitor", "DOWN"))).isEqualTo(SyslogMessage.WARNING);
        assertThat(SyslogMessage.severity(event("cluster.member_left", ""))).isEqualTo(SyslogMessage.WARNING);
        assertThat(SyslogMessage.severity(event("vrrp.transition", "MASTER"))).isEqualTo(SyslogMessage.NOTICE);
    }

    @Test
    void aLongMessageIsCutAtACharactersBoundary() {
        byte[] cut = SyslogMessage.bytes("é".repeat(300), 481);

        assertThat(cut).hasSize(480);
        assertThat(new String(cut, StandardCharsets.UTF_8)).isEqualTo("é".repeat(240));
    }

    private static NodeEvent event(String type, String to) {
        return new NodeEvent(1, Instant.EPOCH, type, Map.of("to", to));
    }
}
