package org.vireo.events;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Map;

import org.junit.jupiter.api.Test;

class NodeEventTest {

    @Test
    void theJsonFormHasTheNumberTimeTypeAndNodeFirst_thenTheFieldsByName_onOneLine() {
        NodeEvent e = new NodeEvent(7, Instant.parse("2026-12-02T11:58:01Z"), "vrrp.transition",
            Map.of("to", "MASTER", "priority", 120L, "preempt", true, "cause", "say \"hi\"\n", "share", 0.25));

        assertThat(e.toJson("n1")).isEqualTo("{\"seq\":7,\"time\":\"2026-12-02T11:58:01.000Z\","
            + "\"type\":\"vrrp.transition\",\"node\":\"n1\",\"cause\":\"say \\\"hi\\\"\\n\",\"preempt\":true,"
            + "\"priority\":120,\"share\":0.25,\"to\":\"MASTER\"}");
    }
}
