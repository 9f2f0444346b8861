package org.vireo.health.internal.track;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.vireo.health.Health;
import org.vireo.health.TrackMode;
import org.vireo.health.TrackStatus;
import org.vireo.health.internal.LinkState;
import org.vireo.vrrp.PriorityDeduction;

class GroupTrackerTest {
    private static final LinkState UP = new LinkState(true, true, true, "up");
    private static final LinkState NO_CARRIER = new LinkState(true, true, false, "down");

    private final Map<String, LinkState> links = new ConcurrentHashMap<>();
    private static final Instant NOW = Instant.parse("2026-12-04T15:02:11Z");
    private final GroupTracker tracker = new GroupTracker(iface -> {
        LinkState s = links.get(iface);
        if (s == null) {
            throw new IOException("cannot read " + iface);
        }
        return s;
    }, Clock.fixed(NOW, ZoneOffset.UTC));
    private final List<Integer> seen = new CopyOnWriteArrayList<>();
    private ExecutorService pool;

    @AfterEach
    void stop() throws InterruptedException {
        tracker.close();
        if (pool != null) {
            pool.shutdownNow();
            assertThat(pool.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        }
    }

    private static TrackOptions options(TrackMode mode, List<String> monitors, Map<String, Integer> interfaces) {
        return new TrackOptions("vip1", mode, monitors, interfaces, 1000);
    }

    /** Monitors by these names, up, added and then tracked by the group in {@code mode}. */
    private List<InMemoryMonitor> trackedUp(TrackMode mode, String... names) {
        List<InMemoryMonitor> monitors = new ArrayList<>();
        for (String name : names) {
            InMemoryMonitor m = new InMemoryMonitor(name, Health.UP);
            tracker.monitorAdded(name, m);
            monitors.add(m);
        }
        tracker.configure(options(mode, List.of(names), Map.of()));
        return monitors;
    }

    @Test
    void everyHealthChangeRecomputesAndWatchersHearOnlyChanges() {
        List<InMemoryMonitor> monitors = trackedUp(TrackMode.ALL, "web", "db");
        InMemoryMonitor web = monitors.get(0);
        InMemoryMonitor db = monitors.get(1);
        tracker.watch(100, seen::add);

        db.set(Health.DOWN);
        web.set(Health.DOWN); // still 0: no call
        db.set(Health.UP);
        web.set(Health.UP);

        assertThat(seen).containsExactly(0, 100);
        assertThat(tracker.effectivePriority(100)).isEqualTo(100);
    }

    @Test
    void aMonitorDownIsADeductionWithItsNameAndAmountUntilItIsUpAgain() {
        InMemoryMonitor db = trackedUp(TrackMode.PROGRESSIVE, "web", "db").get(1);
        assertThat(tracker.deductions(120)).isEmpty();

        db.set(Health.DOWN);

        assertThat(tracker.deductions(120)).singleElement().satisfies(d -> {
            assertThat(d.kind()).isEqualTo(PriorityDeduction.Kind.MONITOR);
            assertThat(d.name()).isEqualTo("db");
            assertThat(d.amount()).isEqualTo(60);
            assertThat(d.since()).contains(Instant.EPOCH); // the monitor's healthSince
        });

        db.set(Health.UP);
        assertThat(tracker.deductions(120)).isEmpty();
    }

    @Test
    void anInterfaceDownIsADeductionSinceItWasFirstReadDown() {
        links.put("eth1", NO_CARRIER);
        tracker.configure(options(TrackMode.NONE, List.of(), Map.of("eth1", 20)));

        assertThat(tracker.deductions(100)).singleElement().satisfies(d -> {
            assertThat(d.kind()).isEqualTo(PriorityDeduction.Kind.INTERFACE);
            assertThat(d.name()).isEqualTo("eth1");
            assertThat(d.amount()).isEqualTo(20);
            assertThat(d.since()).contains(NOW);
        });

        links.put("eth1", UP);
        tracker.pollInterfaces();
        assertThat(tracker.deductions(100)).isEmpty();
    }

    @Test
    void unknownCountsAsDown() {
        InMemoryMonitor web = new InMemoryMonitor("web"); // no check finished yet
        tracker.monitorAdded("web", web);
        tracker.configure(options(TrackMode.ONE, List.of("web"), Map.of()));

        assertThat(tracker.effectivePriority(100)).isZero();
        assertThat(tracker.status(100).monitorsDown()).containsExactly("web");
    }

    @Test
    void aNamedMonitorThatIsNotConfiguredCountsAsDownAndShowsAsMissingUntilItComes() {
        tracker.monitorAdded("web", new InMemoryMonitor("web", Health.UP));
        tracker.configure(options(TrackMode.PROGRESSIVE, List.of("web", "db"), Map.of()));
        tracker.watch(100, seen::add);

        TrackStatus before = tracker.status(100);
        assertThat(before.effectivePriority()).isEqualTo(50);
        assertThat(before.monitorsMissing()).containsExactly("db");
        assertThat(before.monitorsDown()).isEmpty();

        InMemoryMonitor db = new InMemoryMonitor("db", Health.UP);
        tracker.monitorAdded("db", db);
        assertThat(tracker.status(100).monitorsMissing()).isEmpty();
        tracker.monitorRemoved(db);

        assertThat(seen).containsExactly(100, 50);
        assertThat(db.watcherCount()).isZero();
    }

    @Test
    void downInterfacesSubtractTheirWeightAndAnUnreadableOneCountsAsDown() {
        links.put("eth1", UP);
        links.put("eth2", UP);
        tracker.configure(options(TrackMode.NONE, List.of(), Map.of("eth1", 20, "eth2", 10, "eth9", 5)));
        tracker.watch(100, seen::add);
        assertThat(tracker.effectivePriority(100)).isEqualTo(95); // eth9 cannot be read

        links.put("eth1", NO_CARRIER);
        tracker.pollInterfaces();
        links.put("eth2", NO_CARRIER);
        tracker.pollInterfaces();

        assertThat(seen).containsExactly(75, 65);
        assertThat(tracker.status(100).interfacesDown()).containsExactlyInAnyOrder("eth1", "eth2", "eth9");
    }

    @Test
    void aNewConfigurationTellsWatchersAndStopsWatchingDroppedMonitors() {
        InMemoryMonitor web = new InMemoryMonitor("web", Health.DOWN);
        InMemoryMonitor db = new InMemoryMonitor("db", Health.UP);
        tracker.monitorAdded("web", web);
        tracker.monitorAdded("db", db);
        tracker.configure(options(TrackMode.ONE, List.of("web", "db"), Map.of()));
        tracker.watch(200, seen::add);
        assertThat(web.watcherCount()).isOne();

        tracker.configure(options(TrackMode.ALL, List.of("web", "db"), Map.of()));
        tracker.configure(options(TrackMode.ALL, List.of("db"), Map.of()));

        assertThat(seen).containsExactly(0, 200);
        assertThat(web.watcherCount()).isZero();
        assertThat(db.watcherCount()).isOne();
    }

    @Test
    void aWatcherMayReadTheTrackerFromAnotherThreadWhileItIsCalled() throws Exception {
        InMemoryMonitor web = new InMemoryMonitor("web", Health.UP);
        tracker.monitorAdded("web", web);
        tracker.configure(options(TrackMode.ALL, List.of("web"), Map.of()));
        pool = Executors.newSingleThreadExecutor();
        // the watcher waits for another thread's read, as a VRRP thread might: no lock of ours may be held
        tracker.watch(100, ep -> seen.add(join(pool.submit(() -> tracker.status(100).effectivePriority()))));

        web.set(Health.DOWN);

        assertThat(seen).containsExactly(0);
    }

    @Test
    void concurrentFlapsLeaveEveryWatcherOnTheFinalValue() throws Exception {
        List<InMemoryMonitor> monitors = List.of(new InMemoryMonitor("a"), new InMemoryMonitor("b"),
            new InMemoryMonitor("c"), new InMemoryMonitor("d"));
        monitors.forEach(m -> tracker.monitorAdded(m.name(), m));
        tracker.configure(options(TrackMode.PROGRESSIVE, List.of("a", "b", "c", "d"), Map.of()));
        tracker.watch(200, seen::add);
        pool = Executors.newFixedThreadPool(4);
        List<Future<?>> runs = monitors.stream().map(m -> pool.submit(() -> {
            for (int i = 0; i < 2_000; i++) {
                m.set(i % 3 == 0 ? Health.DOWN : Health.UP);
            }
        })).<Future<?>>map(f -> f).toList();
        for (Future<?> run : runs) {
            run.get(30, TimeUnit.SECONDS);
        }

        assertThat(seen).isNotEmpty();
        assertThat(seen.get(seen.size() - 1)).isEqualTo(tracker.effectivePriority(200));
        assertThat(tracker.effectivePriority(200)).isEqualTo(200); // 1999 % 3 != 0: all up at the end
    }

    private static <T> T join(Future<T> f) {
        try {
            return f.get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void givenATrackedGroupRefusedAtTheStart_thenItsInstanceIsHeldAtPriorityZeroEvenWhenItsMonitorIsUp() {
        Map<String, Object> refused = Map.of("service.pid", "org.vireo.health.track~vip1", "instance", "vip1",
            "mode", "sometimes", "monitors", "web");
        assertThat(TrackOptions.instanceOf(refused)).contains("vip1");
        assertThat(TrackOptions.instanceOf(Map.of("mode", "all"))).isEmpty();

        tracker.configure(TrackOptions.holding("vip1"));
        tracker.monitorAdded("web", new InMemoryMonitor("web", Health.UP));

        assertThat(tracker.effectivePriority(200)).isZero();
        assertThat(tracker.status(200).monitorsMissing()).containsExactly("(its configuration is refused)");
    }
}
