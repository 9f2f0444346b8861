package org.vireo.balancer.internal.schedule;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class FtpSessionsTest {

    private final FtpSessions sessions = new FtpSessions();

    @Test
    void aClientsDataGoesToItsNewestSession_untilTheLastOneCloses() {
        sessions.opened("10.9.0.1", "a");
        sessions.opened("10.9.0.1", "a");
        sessions.opened("10.9.0.1", "b");
        sessions.opened("10.9.0.2", "a");

        assertThat(sessions.scanner("10.9.0.1")).contains("b");
        sessions.closed("10.9.0.1", "b");
        assertThat(sessions.scanner("10.9.0.1")).contains("a");
        sessions.closed("10.9.0.1", "a");
        assertThat(sessions.scanner("10.9.0.1")).as("one of its two sessions on a is still open").contains("a");
        sessions.closed("10.9.0.1", "a");
        assertThat(sessions.scanner("10.9.0.1")).isEmpty();
        assertThat(sessions.clients()).isEqualTo(1);
    }

    @Test
    void aCloseWithoutAnOpenChangesNothing() {
        sessions.closed("10.9.0.1", "a");
        sessions.opened("10.9.0.1", "a");
        sessions.closed("10.9.0.1", "b");

        assertThat(sessions.scanner("10.9.0.1")).contains("a");
    }
}
