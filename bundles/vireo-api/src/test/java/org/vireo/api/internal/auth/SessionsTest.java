package org.vireo.api.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.Set;

import org.junit.jupiter.api.Test;

class SessionsTest {

    private final FakeClock clock = new FakeClock();
    private final Sessions sessions = new Sessions(Duration.ofMinutes(30), Duration.ofHours(12), 3, clock,
        new SecureRandom());
    private final Login alice = new Login("alice", Set.of(Login.VIEWER));

    @Test
    void aSessionIsFoundByItsId_andChecksItsCsrfToken() {
        Sessions.Session s = sessions.open(alice);

        assertThat(sessions.find(s.id())).contains(s);
        assertThat(s.id()).isNotEqualTo(s.csrfToken()).hasSize(43); // 32 random bytes, base64url
        assertThat(s.csrfMatches(s.csrfToken())).isTrue();
        assertThat(s.csrfMatches(s.id())).isFalse();
        assertThat(s.csrfMatches(null)).isFalse();
        assertThat(sessions.find("no-such-id")).isEmpty();
        assertThat(sessions.find(null)).isEmpty();
    }

    @Test
    void aSessionEndsWhenIdle_andUseRestartsItsIdleTime() {
        Sessions.Session s = sessions.open(alice);
        clock.advance(Duration.ofMinutes(29));
        assertThat(sessions.find(s.id())).isPresent();
        clock.advance(Duration.ofMinutes(29));
        assertThat(sessions.find(s.id())).as("used 29 min ago").isPresent();

        clock.advance(Duration.ofMinutes(30));
        assertThat(sessions.find(s.id())).isEmpty();
    }

    @Test
    void aSessionEndsAtItsLifetime_evenWhenUsed() {
        Sessions.Session s = sessions.open(alice);
        for (int i = 0; i < 24; i++) {
            clock.advance(Duration.ofMinutes(29));
            sessions.find(s.id());
        }
        assertThat(sessions.find(s.id())).as("11 h 36 min").isPresent();
        clock.advance(Duration.ofMinutes(29));
        assertThat(sessions.find(s.id())).isEmpty();
    }

    @Test
    void logoutEndsIt_andTheLeastRecentlyUsedGoesWhenFull() {
        Sessions.Session first = sessions.open(alice);
        Sessions.Session second = sessions.open(alice);
        Sessions.Session third = sessions.open(alice);
        sessions.find(first.id());
        sessions.open(alice);

        assertThat(sessions.count()).isEqualTo(3);
        assertThat(sessions.find(second.id())).as("least recently used").isEmpty();
        assertThat(sessions.find(first.id())).isPresent();

        sessions.close(third.id());
        assertThat(sessions.find(third.id())).isEmpty();
    }
}
