package org.vireo.api.internal.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.vireo.events.EventLog;

class EventQueryTest {

    @Test
    void aStreamStartsAfterTheLastEventIdItWasGiven_elseAfterTheQuery_elseWithWhatComes() {
        assertThat(EventQuery.streamStart("42", "7")).isEqualTo(42);
        assertThat(EventQuery.streamStart(null, "7")).isEqualTo(7);
        assertThat(EventQuery.streamStart(" ", null)).isEqualTo(EventLog.LIVE);
        assertThat(EventQuery.streamStart("0", null)).isZero();
    }

    @Test
    void aNumberThatIsNoSequenceNumberIsRefused_namingWhereItCameFrom() {
        assertThatThrownBy(() -> EventQuery.streamStart("-1", null)).hasMessage("Last-Event-ID = '-1': expected the"
            + " sequence number of an event (0 or more)");
        assertThatThrownBy(() -> EventQuery.streamStart(null, "x")).hasMessageStartingWith("after = 'x'");
    }

    @Test
    void aPageHoldsAHundredEventsUnlessToldOtherwise_atMostAThousand() {
        assertThat(EventQuery.limit(null)).isEqualTo(100);
        assertThat(EventQuery.limit("1000")).isEqualTo(1000);
        assertThatThrownBy(() -> EventQuery.limit("1001")).hasMessage("limit = '1001': expected 1-1000");
        assertThatThrownBy(() -> EventQuery.limit("0")).hasMessage("limit = '0': expected 1-1000");
    }
}
