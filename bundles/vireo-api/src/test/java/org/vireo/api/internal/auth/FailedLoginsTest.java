package org.vireo.api.internal.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class FailedLoginsTest {

    private final FakeClock clock = new FakeClock();
    private final FailedLogins failed = new FailedLogins(3, Duration.ofSeconds(60), 100, clock);

    @Test
    void anAddressIsRefusedAtTheLimit_untilItsOldestFailureLeavesTheWindow() {
        failed.failed("192.0.2.1");
        clock.advance(Duration.ofSeconds(10));
        failed.failed("192.0.2.1");
        assertThat(failed.refusedForMillis("192.0.2.1")).isEmpty();
        assertThat(failed.failed("192.0.2.1")).isEqualTo(3);

        assertThat(failed.refusedForMillis("192.0.2.1")).hasValue(50_000);
        assertThat(failed.refusedForMillis("192.0.2.2")).as("another address").isEmpty();

        clock.advance(Duration.ofSeconds(50));
        assertThat(failed.refusedForMillis("192.0.2.1")).as("the first failure has left the window").isEmpty();
    }

    @Test
    void aSuccessClearsTheAddress() {
        failed.failed("192.0.2.1");
        failed.failed("192.0.2.1");
        failed.succeeded("192.0.2.1");

        assertThat(failed.failed("192.0.2.1")).isEqualTo(1);
    }

    @Test
    void failuresOverTheLimitKeepTheNewest_soTheRefusalLastsFromTheLastOnes() {
        for (int i = 0; i < 5; i++) {
            failed.failed("192.0.2.1");
            clock.advance(Duration.ofSeconds(10));
        }
        // failures at 0, 10, 20, 30, 40 s; now 50 s: the newest three (20, 30, 40) count
        assertThat(failed.refusedForMillis("192.0.2.1")).hasValue(30_000);
    }

    @Test
    void memoryIsBounded_expiredAddressesGoFirst_thenTheLeastRecentlyFailed() {
        FailedLogins small = new FailedLogins(2, Duration.ofSeconds(60), 2, clock);
        small.failed("a");
        small.failed("a");
        clock.advance(Duration.ofSeconds(1));
        small.failed("b");
        small.failed("b");
        small.failed("c");

        assertThat(small.addressesRemembered()).isEqualTo(2);
        assertThat(small.refusedForMillis("a")).as("a, the least recently failed, was dropped").isEmpty();
        assertThat(small.refusedForMillis("b")).isPresent();

        clock.advance(Duration.ofSeconds(120));
        small.failed("d");
        small.failed("e");
        assertThat(small.addressesRemembered()).isEqualTo(2);
    }
}
