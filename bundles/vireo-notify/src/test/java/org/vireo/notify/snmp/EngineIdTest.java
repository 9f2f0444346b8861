package org.vireo.notify.snmp;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class EngineIdTest {

    @Test
    void aNodesEngineIdIsItsOwn_theSameAtEveryStart_inRfc3411sEnterpriseForm() {
        EngineId n1 = EngineId.derived("n1");

        assertThat(n1).isEqualTo(EngineId.derived("n1")).isNotEqualTo(EngineId.derived("n2"));
        assertThat(n1.toString()).startsWith("0x80007ed905").hasSize(2 + 2 * 17);
    }

    @Test
    void aConfiguredOneIsHex_badOnesAreNamed() {
        List<String> errors = new ArrayList<>();

        assertThat(EngineId.configured("engineId", "800007E580AB", "n1", errors)).hasToString("0x800007e580ab");
        assertThat(EngineId.configured("engineId", "", "n1", errors)).isEqualTo(EngineId.derived("n1"));
        EngineId.configured("engineId", "0x8000", "n1", errors);
        assertThat(errors).containsExactly("engineId = '0x8000': expected 5-32 bytes in hex (0x80007ed905...), or"
            + " nothing for the one derived from the node's name");
    }

    @Test
    void bootsGrowFromOneStartToTheNext() {
        assertThat(EngineId.boots(Instant.parse("2026-12-06T10:00:01Z")))
            .isGreaterThan(EngineId.boots(Instant.parse("2026-12-06T10:00:00Z")));
        assertThat(EngineId.boots(Instant.parse("2088-01-01T00:00:00Z"))).isPositive();
    }
}
