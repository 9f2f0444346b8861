package org.vireo.health.internal.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.health.Health;
import org.vireo.health.MonitorStatus;

class ConfiguredMonitorTest {

    private final ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(2);
    private final MonitorRegistry registry = new MonitorRegistry();
    private final BlockingQueue<MonitorStatus> changes = new LinkedBlockingQueue<>();
    private Checks checks;

    @TempDir
    Path sys;

    @BeforeEach
    void interfaces() throws IOException {
        checks = new Checks(sys);
        for (String name : List.of("eth1", "eth2")) {
            Path dir = Files.createDirectories(sys.resolve(name));
            Files.writeString(dir.resolve("flags"), "0x1003\n");
            Files.writeString(dir.resolve("operstate"), "up\n");
            Files.writeString(dir.resolve("carrier"), "1\n");
        }
    }

    @AfterEach
    void stop() {
        checks.close();
        scheduler.shutdownNow();
    }

    @Test
    void aSecondConfigurationWithTheSameNameIsRefusedNamingBoth() {
        ConfiguredMonitor first = monitor("org.vireo.health.monitor-web.cfg");
        first.start(link("web", "eth1"));
        try {
            assertThatThrownBy(() -> monitor("org.vireo.health.monitor-web2.cfg").start(link("web", "eth2")))
                .hasMessage("configuration org.vireo.health.monitor-web2.cfg refused: monitor name 'web' is taken by"
                    + " configuration org.vireo.health.monitor-web.cfg; names are unique on a node");
        } finally {
            first.stop();
        }
        ConfiguredMonitor again = monitor("org.vireo.health.monitor-web2.cfg");
        again.start(link("web", "eth2")); // stopping the first freed the name
        again.stop();
    }

    @Test
    void aBadChangeKeepsThePreviousConfigurationAndSaysSo() {
        ConfiguredMonitor m = monitor("a.cfg");
        m.start(link("web", "eth1"));
        Map<String, Object> bad = link("web", "eth1");
        bad.put("rise", "0");

        assertThat(m.reconfigure(bad)).isFalse();
        assertThat(m.settings()).containsEntry("rise", "2").containsEntry("interface", "eth1");
        assertThat(m.warnings()).singleElement().asString()
            .startsWith("configuration org.vireo.health.monitor 'web' refused: rise = 0: expected 1-100")
            .endsWith("(running with the previous configuration)");

        m.reconfigure(link("web", "eth1"));
        assertThat(m.warnings()).isEmpty();
        m.stop();
    }

    @Test
    void aNewTimingKeepsTheHealth() throws Exception {
        ConfiguredMonitor m = upAndWatched();
        Map<String, Object> slower = link("web", "eth1");
        slower.put("intervalMillis", "60000");
        slower.put("fall", "5");

        m.reconfigure(slower);

        MonitorStatus s = m.status();
        assertThat(s.health()).isEqualTo(Health.UP);
        assertThat(s.checks()).isGreaterThanOrEqualTo(2);
        assertThat(s.fall()).isEqualTo(5);
        assertThat(s.interval().toMillis()).isEqualTo(60000);
        m.stop();
    }

    @Test
    void aNewTargetStartsOverFromUnknownAndWatchersHearIt() throws Exception {
        ConfiguredMonitor m = upAndWatched();

        m.reconfigure(link("web", "eth9"));

        assertThat(nextChange().health()).isEqualTo(Health.UNKNOWN);
        MonitorStatus down = nextChange();
        assertThat(down.health()).isEqualTo(Health.DOWN);
        assertThat(down.target()).isEqualTo("eth9");
        assertThat(down.lastResult().orElseThrow().detail()).isEqualTo("eth9: no such interface");
        m.stop();
    }

    @Test
    void aRenameMovesTheClaimAndATakenNameIsRefused() {
        ConfiguredMonitor a = monitor("a.cfg");
        ConfiguredMonitor b = monitor("b.cfg");
        a.start(link("web", "eth1"));
        b.start(link("db", "eth2"));

        assertThat(a.reconfigure(link("db", "eth1"))).isFalse();
        assertThat(a.name()).isEqualTo("web");
        assertThat(a.warnings()).singleElement().asString().contains("monitor name 'db' is taken by configuration b.cfg");

        assertThat(a.reconfigure(link("front", "eth1"))).isTrue();
        assertThat(a.name()).isEqualTo("front");
        registry.claim("web", "c.cfg"); // free again
        a.stop();
        b.stop();
    }

    @Test
    void aWatcherThatThrowsDoesNotStopTheOthers() throws Exception {
        ConfiguredMonitor m = monitor("a.cfg");
        m.watch(s -> {
            throw new IllegalStateException("a broken watcher");
        });
        AutoCloseable handle = m.watch(changes::add);
        m.start(link("web", "eth1"));

        assertThat(nextChange().health()).isEqualTo(Health.UP);
        handle.close();
        BlockingQueue<MonitorStatus> later = new LinkedBlockingQueue<>();
        m.watch(later::add);
        m.reconfigure(link("web", "eth9"));

        assertThat(later.poll(10, TimeUnit.SECONDS)).extracting(MonitorStatus::health).isEqualTo(Health.UNKNOWN);
        assertThat(changes).as("the closed watcher hears nothing more").isEmpty();
        m.stop();
    }

    /** Monitor web on eth1, watched from before its start into {@link #changes}, once it is UP. */
    private ConfiguredMonitor upAndWatched() throws InterruptedException {
        ConfiguredMonitor m = monitor("a.cfg");
        m.watch(changes::add);
        m.start(link("web", "eth1"));
        assertThat(nextChange().health()).isEqualTo(Health.UP);
        return m;
    }

    private MonitorStatus nextChange() throws InterruptedException {
        MonitorStatus s = changes.poll(10, TimeUnit.SECONDS);
        assertThat(s).as("a health change within 10 s").isNotNull();
        return s;
    }

    private ConfiguredMonitor monitor(String source) {
        return new ConfiguredMonitor(registry, checks, scheduler, source);
    }

    private static Map<String, Object> link(String name, String iface) {
        return new HashMap<>(Map.of("name", name, "type", "link", "interface", iface, "intervalMillis", "100",
            "timeoutMillis", "100"));
    }
}
