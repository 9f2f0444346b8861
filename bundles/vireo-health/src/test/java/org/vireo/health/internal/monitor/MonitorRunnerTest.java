package org.vireo.health.internal.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.health.CheckResult;
import org.vireo.health.Health;
import org.vireo.health.MonitorStatus;
import org.vireo.settings.MonitorOptions;
import org.vireo.settings.MonitorType;

class MonitorRunnerTest {

    /** As many threads as HealthScheduler has. */
    private final ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(2, r -> {
        Thread t = new Thread(r, "health-test");
        t.setDaemon(true);
        return t;
    });
    private final Checks checks = new Checks(Path.of("/nonexistent"));
    private final List<MonitorRunner> runners = new ArrayList<>();
    private final List<ServerSocket> silent = new ArrayList<>();

    @TempDir
    Path sys;

    @AfterEach
    void stop() throws IOException {
        runners.forEach(MonitorRunner::stop);
        checks.close();
        scheduler.shutdownNow();
        for (ServerSocket s : silent) {
            s.close();
        }
    }

    @Test
    void riseSuccessesMakeItUpAndTheWatcherIsToldOnASchedulerThread() throws Exception {
        fakeInterface("eth1");
        CompletableFuture<String> thread = new CompletableFuture<>();
        CompletableFuture<MonitorStatus> up = new CompletableFuture<>();
        MonitorRunner r = start(options("link", "interface", "eth1", "intervalMillis", "100", "timeoutMillis", "100",
            "rise", "3"), s -> {
                thread.complete(Thread.currentThread().getName());
                up.complete(s);
            });

        MonitorStatus s = up.get(10, TimeUnit.SECONDS);
        assertThat(s.health()).isEqualTo(Health.UP);
        assertThat(s.checks()).isEqualTo(3);
        assertThat(s.failures()).isZero();
        assertThat(s.consecutiveSuccesses()).isEqualTo(3);
        assertThat(s.lastResult()).map(CheckResult::detail).contains("eth1: up");
        assertThat(thread.get(1, TimeUnit.SECONDS)).isEqualTo("health-test");
        assertThat(r.status().target()).isEqualTo("eth1");
    }

    @Test
    void fromUnknownFallFailuresInARowMakeItDown() throws Exception {
        CompletableFuture<MonitorStatus> changed = new CompletableFuture<>();
        start(options("command", "command", "false", "intervalMillis", "300", "timeoutMillis", "300", "fall", "2"),
            changed::complete);

        MonitorStatus s = changed.get(10, TimeUnit.SECONDS);
        assertThat(s.health()).isEqualTo(Health.DOWN);
        assertThat(s.checks()).isEqualTo(2);
        assertThat(s.failures()).isEqualTo(2);
        assertThat(s.lastResult()).map(CheckResult::detail).contains("exit 1");
    }

    @Test
    void aCheckPastItsTimeoutFailsAndItsProcessIsGone() throws Exception {
        CompletableFuture<MonitorStatus> changed = new CompletableFuture<>();
        start(options("command", "command", "sleep, 30.5", "intervalMillis", "5000", "timeoutMillis", "200",
            "fall", "1"), changed::complete);
        ProcessHandle sleep = CommandCheckTest.awaitChild("30.5", 0);

        MonitorStatus s = changed.get(10, TimeUnit.SECONDS);
        assertThat(s.lastResult()).map(CheckResult::detail).contains("timed out after 200 ms");
        assertThat(s.health()).isEqualTo(Health.DOWN);
        sleep.onExit().get(10, TimeUnit.SECONDS);
        assertThat(sleep.isAlive()).isFalse();
    }

    @Test
    void stoppingCancelsACheckInProgress() throws Exception {
        MonitorRunner r = start(options("command", "command", "sleep, 30.25", "intervalMillis", "60000",
            "timeoutMillis", "60000"), s -> { });
        ProcessHandle sleep = CommandCheckTest.awaitChild("30.25", 0);

        r.stop();

        sleep.onExit().get(10, TimeUnit.SECONDS);
        assertThat(r.status().checks()).isZero();
    }

    @Test
    void hungChecksOnEverySchedulerThreadDoNotDelayAnotherMonitor() throws Exception {
        for (int i = 0; i < scheduler.getCorePoolSize() + 1; i++) {
            start(options("http", "url", "http://127.0.0.1:" + silentPort() + "/", "intervalMillis", "400",
                "timeoutMillis", "400"), s -> { });
        }
        fakeInterface("eth1");
        CountDownLatch fiveResults = new CountDownLatch(5);
        AtomicInteger failed = new AtomicInteger();
        MonitorOptions o = options("link", "interface", "eth1", "intervalMillis", "100", "timeoutMillis", "100");
        Check link = new LinkCheck(sys, "eth1");
        Check counted = () -> link.start().whenComplete((result, e) -> {
            if (!result.success()) {
                failed.incrementAndGet();
            }
            fiveResults.countDown();
        });
        runners.add(new MonitorRunner(o, counted, scheduler, new Tally(2, 3, Instant.now()), s -> { }));
        runners.get(runners.size() - 1).start(0);

        assertThat(fiveResults.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(failed).hasValue(0);
    }


    /** A port that accepts connections (the kernel's backlog) and never answers a byte. */
    private int silentPort() throws IOException {
        ServerSocket s = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        silent.add(s);
        return s.getLocalPort();
    }

    private MonitorRunner start(MonitorOptions o, Consumer<MonitorStatus> changed) {
        Check check = o.type() == MonitorType.LINK ? new LinkCheck(sys, o.interfaceName()) : checks.create(o);
        MonitorRunner r = new MonitorRunner(o, check, scheduler, new Tally(o.rise(), o.fall(), Instant.now()), changed);
        runners.add(r);
        r.start(0);
        return r;
    }

    private static MonitorOptions options(String type, String... keyValues) {
        Map<String, Object> raw = new HashMap<>(Map.of("name", "m", "type", type));
        for (int i = 0; i < keyValues.length; i += 2) {
            raw.put(keyValues[i], keyValues[i + 1]);
        }
        return MonitorOptions.parse(raw);
    }

    private void fakeInterface(String name) throws IOException {
        Path dir = Files.createDirectories(sys.resolve(name));
        Files.writeString(dir.resolve("flags"), "0x1003\n");
        Files.writeString(dir.resolve("operstate"), "up\n");
        Files.writeString(dir.resolve("carrier"), "1\n");
    }
}
