package org.vireo.health.internal.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.vireo.health.Health;
import org.vireo.health.MonitorStatus;

class WatchersTest {

    private static final int CHANGES = 20_000;

    private final ExecutorService executor = Executors.newFixedThreadPool(4);

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    @Test
    void watchersHearEveryChangeOnceAndInTheOrderAnnounced() throws Exception {
        Watchers watchers = new Watchers(executor);
        List<Long> heard = new ArrayList<>(); // only ever touched by one telling thread at a time
        CountDownLatch all = new CountDownLatch(CHANGES);
        watchers.add(s -> {
            heard.add(s.checks());
            all.countDown();
        });

        for (long i = 0; i < CHANGES; i++) {
            watchers.announce(status(i)); // a pool of 4 runs the telling tasks: unordered unless Watchers orders
        }

        assertThat(all.await(30, TimeUnit.SECONDS)).as("every change told").isTrue();
        synchronized (heard) {
            assertThat(heard).hasSize(CHANGES).isSorted().doesNotHaveDuplicates();
        }
    }

    @Test
    void aClosedWatcherHearsNothingMore() throws Exception {
        Watchers watchers = new Watchers(executor);
        List<MonitorStatus> closed = new ArrayList<>();
        CountDownLatch second = new CountDownLatch(2);
        AutoCloseable handle = watchers.add(closed::add);
        watchers.add(s -> second.countDown());

        watchers.announce(status(0));
        handle.close();
        watchers.announce(status(1));

        assertThat(second.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(closed).extracting(MonitorStatus::checks).doesNotContain(1L); // 0 was told or not, by the race with close()
    }

    private static MonitorStatus status(long checks) {
        return new MonitorStatus("m", "link", "eth1", Health.UP, Instant.EPOCH, Optional.empty(), 1, 0, 2, 3,
            Duration.ofSeconds(1), Duration.ofSeconds(1), checks, 0);
    }
}
