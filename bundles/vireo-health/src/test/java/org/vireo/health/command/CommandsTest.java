package org.vireo.health.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.vireo.health.Health;
import org.vireo.health.Monitor;
import org.vireo.health.MonitorStatus;
import org.vireo.health.internal.monitor.Checks;
import org.vireo.health.internal.monitor.ConfiguredMonitor;
import org.vireo.health.internal.monitor.MonitorRegistry;

class CommandsTest {

    private final ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(2);
    private final Checks checks = new Checks(Path.of("/sys/class/net"));
    private final MonitorRegistry registry = new MonitorRegistry();

    @AfterEach
    void stop() {
        checks.close();
        scheduler.shutdownNow();
    }

    @Test
    void listAndShowSayWhatTheMonitorsSaw() throws Exception {
        try (ServerSocket origin = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            ConfiguredMonitor db = started(Map.of("name", "db", "type", "tcp", "host", "127.0.0.1",
                "port", String.valueOf(origin.getLocalPort()), "intervalMillis", "1000", "rise", "1",
                "timeoutMillis", "1000"), Health.UP);
            ConfiguredMonitor check = started(Map.of("name", "check", "type", "command", "command", "sh, -c, exit 3",
                // timeouts generous: on a loaded machine a fork can take longer than 100 ms, and a timed-out
                // check would be shown instead of the exit status this test is about
                "intervalMillis", "5000", "timeoutMillis", "5000", "fall", "1"), Health.DOWN);

            String list = output(out -> ListCommand.print(List.of(db, check), Instant.now(), out));
            assertThat(list).containsPattern("check +\\| command \\| sh -c exit 3 +\\| DOWN +\\| +\\d+s \\| exit 3 +\\|")
                .containsPattern("db +\\| tcp +\\| 127.0.0.1:" + origin.getLocalPort() + " \\| UP +\\|.*connected in");
            assertThat(list.indexOf("check")).isLessThan(list.indexOf("db "));

            String show = output(out -> ShowCommand.print(db, Instant.now(), out));
            assertThat(show).contains("Name:                  db").contains("Health:                UP for ")
                .containsPattern("Last result: +success: connected in \\d+ ms")
                .contains("Successes in a row:    1 of rise 1").contains("Failures in a row:     0 of fall 3")
                .contains("Interval:              1000 ms").contains("Configuration:")
                .contains("  host:                127.0.0.1").contains("  port:                " + origin.getLocalPort());
            db.stop();
            check.stop();
        }
    }

    @Test
    void anUnknownMonitorListsTheConfiguredNames() {
        Monitor web = monitorNamed("web");
        Monitor db = monitorNamed("db");

        assertThatThrownBy(() -> Monitors.byName(List.of(web, db), "dns"))
            .hasMessage("no monitor 'dns' on this node: there are db, web");
        assertThatThrownBy(() -> Monitors.byName(null, "dns"))
            .hasMessage("no monitor 'dns' on this node: none is configured (etc/org.vireo.health.monitor-<name>.cfg)");
        assertThat(Monitors.byName(List.of(web, db), "db")).isSameAs(db);
    }

    @Test
    void agesAreShortAndCoarse() {
        Instant now = Instant.parse("2026-01-02T00:00:00Z");
        assertThat(Monitors.age(now.minusSeconds(45), now)).isEqualTo("45s");
        assertThat(Monitors.age(now.minusSeconds(192), now)).isEqualTo("3m12s");
        assertThat(Monitors.age(now.minusSeconds(2 * 3600 + 3 * 60 + 9), now)).isEqualTo("2h03m");
        assertThat(Monitors.age(now.minusSeconds(4 * 86_400 + 6 * 3600), now)).isEqualTo("4d06h");
        assertThat(Monitors.age(now.plusSeconds(5), now)).isEqualTo("0s");
    }

    private ConfiguredMonitor started(Map<String, ?> config, Health awaited) throws Exception {
        ConfiguredMonitor m = new ConfiguredMonitor(registry, checks, scheduler, config.get("name") + ".cfg");
        CompletableFuture<MonitorStatus> reached = new CompletableFuture<>();
        m.watch(s -> {
            if (s.health() == awaited) {
                reached.complete(s);
            }
        });
        m.start(config);
        reached.get(10, TimeUnit.SECONDS);
        return m;
    }

    private static Monitor monitorNamed(String name) {
        return new Monitor() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public MonitorStatus status() {
                throw new UnsupportedOperationException("not needed to find a monitor by name");
            }

            @Override
            public AutoCloseable watch(java.util.function.Consumer<MonitorStatus> changed) {
                return () -> { };
            }
        };
    }

    private interface Printer {
        void print(PrintStream out) throws IOException;
    }

    private static String output(Printer printer) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            printer.print(out);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
