package org.vireo.health;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class TrackStatusTest {

    private static TrackStatus status(TrackMode mode, List<String> down, List<String> missing,
                                      Map<String, Integer> interfaces, List<String> interfacesDown) {
        return new TrackStatus("a", mode, 100, 0, List.of("web", "db", "dns"), down, missing, interfaces,
            interfacesDown);
    }

    @Test
    void theReasonNamesWhatIsDownOfHowMany() {
        assertThat(status(TrackMode.ALL, List.of("db"), List.of(), Map.of(), List.of()).reason())
            .isEqualTo("ALL: db down (1 of 3 monitors)");
        assertThat(status(TrackMode.ONE, List.of("db"), List.of("dns"), Map.of(), List.of()).reason())
            .isEqualTo("ONE: db, dns down (2 of 3 monitors); not configured here: dns");
    }

    @Test
    void theReasonSaysWhenAllIsUp_andWhichInterfacesCost() {
        assertThat(status(TrackMode.PROGRESSIVE, List.of(), List.of(), Map.of("eth1", 20), List.of("eth1")).reason())
            .isEqualTo("PROGRESSIVE: all 3 monitors up; interface eth1 down (-20)");
        assertThat(status(TrackMode.ALL, List.of(), List.of(), Map.of("eth1", 20), List.of()).reason())
            .isEqualTo("ALL: all 3 monitors up; interfaces up");
        assertThat(new TrackStatus("a", TrackMode.NONE, 100, 100, List.of(), List.of(), List.of(), Map.of(), List.of())
            .reason()).isEqualTo("NONE: the base priority");
    }
}
