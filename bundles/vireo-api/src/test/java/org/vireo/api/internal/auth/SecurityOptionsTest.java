package org.vireo.api.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

class SecurityOptionsTest {

    @Test
    void theDefaults() {
        assertThat(SecurityOptions.parse(Map.of())).isEqualTo(new SecurityOptions("karaf", 5, Duration.ofSeconds(60),
            Duration.ofMinutes(30), Duration.ofHours(12)));
    }

    @Test
    void badValuesAndUnknownKeysAreRefusedTogether() {
        assertThatThrownBy(() -> SecurityOptions.parse(Map.of("failedLoginLimit", "0", "sessionIdleMinute", "5")))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("configuration org.vireo.api refused: ")
            .hasMessageContaining("sessionIdleMinute")
            .hasMessageContaining("failedLoginLimit");
    }
}
