package org.vireo.events.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

class EventsOptionsTest {

    @Test
    void nothingConfiguredIsTheDefaults() {
        assertThat(EventsOptions.parse(Map.of())).isEqualTo(new EventsOptions(1000, 1000, 32));
    }

    @Test
    void eachKeyIsRead() {
        assertThat(EventsOptions.parse(Map.of("history", "50", "backlog", "20", "maxSubscribers", "3")))
            .isEqualTo(new EventsOptions(50, 20, 3));
    }

    @Test
    void aBadValueOrAnUnknownKeyIsRefused_namingThePidTheKeyAndWhatIsAccepted() {
        assertThatThrownBy(() -> EventsOptions.parse(Map.of("history", "5", "backlogg", "20")))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("org.vireo.events")
            .hasMessageContaining("history = 5: expected 10-100000")
            .hasMessageContaining("backlogg");
    }
}
