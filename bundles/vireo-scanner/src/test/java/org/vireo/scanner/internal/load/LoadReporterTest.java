package org.vireo.scanner.internal.load;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.vireo.scanner.LoadSample;

class LoadReporterTest {

    private static final long WAIT_SECONDS = 10;

    @Test
    void reportsFromActivationAndSamplesOnItsOwnThreadUntilDeactivated() throws Exception {
        LoadReporter reporter = new LoadReporter();
        reporter.activate();
        try {
            LoadSample first = reporter.current();
            assertThat(first.heapUsedBytes()).isPositive();
            assertThat(first.heapMaxBytes()).isGreaterThanOrEqualTo(first.heapUsedBytes());
            assertThat(first.activeConnections()).isZero(); // no proxy
            assertThat(first.systemCpu()).isBetween(-1.0, 1.0); // read through JMX: an unknown attribute is -1
            assertThat(first.memoryTotalBytes()).isPositive(); // the build runs on Linux

            CompletableFuture<Thread> thread = new CompletableFuture<>();
            CompletableFuture<LoadSample> next = new CompletableFuture<>();
            reporter.watch(sample -> {
                thread.complete(Thread.currentThread());
                next.complete(sample);
            });

            assertThat(next.get(WAIT_SECONDS, TimeUnit.SECONDS).at()).isAfter(first.at());
            Thread sampling = thread.get(WAIT_SECONDS, TimeUnit.SECONDS);
            assertThat(sampling.getName()).isEqualTo("vireo-load-report");
            assertThat(sampling.isDaemon()).isTrue();

            reporter.deactivate();

            sampling.join(TimeUnit.SECONDS.toMillis(WAIT_SECONDS));
            assertThat(sampling.isAlive()).isFalse();
        } finally {
            reporter.deactivate(); // idempotent: a failed assertion must not leave the thread running
        }
    }
}
