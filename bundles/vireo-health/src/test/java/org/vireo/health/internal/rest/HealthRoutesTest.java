package org.vireo.health.internal.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import org.junit.jupiter.api.Test;
import org.vireo.health.CheckResult;
import org.vireo.health.Health;
import org.vireo.health.Monitor;
import org.vireo.health.MonitorStatus;
import org.vireo.health.TrackMode;
import org.vireo.health.TrackStatus;
import org.vireo.health.TrackedGroup;
import org.vireo.health.internal.track.EffectivePriorityFormula;
import org.vireo.vrrp.VrrpCounters;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;

class HealthRoutesTest {

    private static final Instant AT = Instant.parse("2026-12-02T11:58:01.123Z");

    /** A monitor whose status is what it was given. */
    private record FixedMonitor(MonitorStatus status, List<String> warnings) implements Monitor {

        @Override
        public String name() {
            return status.name();
        }

        @Override
        public AutoCloseable watch(Consumer<MonitorStatus> changed) {
            return () -> { };
        }
    }

    /** A VRRP instance whose every value is given; it takes no write. */
    private record FixedInstance(String name, int vrid, String interfaceName, int version, VrrpState state,
                                 Optional<String> fault, Instant stateSince, int basePriority, int effectivePriority,
                                 Optional<Integer> priorityOverride, Optional<InetAddress> primaryAddress,
                                 Optional<InetAddress> masterAddress, Duration advertInterval, boolean preempt,
                                 List<InetAddress> virtualAddresses, boolean virtualMac,
                                 Optional<byte[]> resignationAdvert, VrrpCounters counters, List<String> warnings)
        implements VrrpInstance {

        /** Running on eth0, its priorities as tracking and the operator left them. */
        static FixedInstance running(String name, VrrpState state, int base, int effective, Integer override,
                                     boolean preempt) {
            return new FixedInstance(name, 61, "eth0", 3, state, Optional.empty(), AT, base, effective,
                Optional.ofNullable(override), Optional.empty(), Optional.empty(), Duration.ofSeconds(1), preempt,
                List.of(), false, Optional.empty(), new VrrpCounters(0, 0, 0, 0, 0, Map.of()), List.of());
        }

        @Override
        public void overridePriority(Optional<Integer> priority) {
            throw new UnsupportedOperationException("a read changes nothing");
        }

        @Override
        public void resign(Duration holdOff) {
            throw new UnsupportedOperationException("a read changes nothing");
        }
    }

    /**
     * Instance a's group, in the mode given: monitor web up, ghost named but not configured, interface eth1 (weight 20)
     * down; its EP as the formula gives it.
     */
    private record GroupOfA(TrackMode mode) implements TrackedGroup {

        @Override
        public String instanceName() {
            return "a";
        }

        @Override
        public TrackStatus status(int basePriority) {
            Map<String, Integer> interfaces = new LinkedHashMap<>();
            interfaces.put("eth1", 20);
            interfaces.put("eth2", 30);
            int ep = EffectivePriorityFormula.effectivePriority(mode, basePriority, 2, 1, 20);
            return new TrackStatus("a", mode, basePriority, ep, List.of("web", "ghost"), List.of(), List.of("ghost"),
                interfaces, List.of("eth1"));
        }
    }

    private static MonitorStatus status(String name, Health health, Optional<CheckResult> last, long checks) {
        return new MonitorStatus(name, "tcp", "10.0.0.5:8080", health, AT, last, 2, 0, 2, 3, Duration.ofSeconds(2),
            Duration.ofMillis(1500), checks, 1);
    }

    @Test
    void monitorsAreListedByNameWithTheirVerdictLastCheckAndCounters() {
        MonitorsResource resource = new MonitorsResource();
        resource.addMonitor(new FixedMonitor(status("web", Health.UP, Optional.of(new CheckResult(true,
            "connected in 1 ms", Duration.ofNanos(1_250_000), AT.plusSeconds(2))), 9), List.of()));
        resource.addMonitor(new FixedMonitor(status("db", Health.UNKNOWN, Optional.empty(), 0),
            List.of("port = '0' refused: running with the previous configuration")));

        List<MonitorView> monitors = resource.monitors();

        assertThat(monitors).extracting(MonitorView::name).containsExactly("db", "web");
        MonitorView db = monitors.get(0);
        assertThat(db.health()).isEqualTo("UNKNOWN");
        assertThat(db.lastResult()).isNull();
        assertThat(db.warnings()).containsExactly("port = '0' refused: running with the previous configuration");
        assertThat(monitors.get(1)).isEqualTo(new MonitorView("web", "tcp", "10.0.0.5:8080", "UP",
            "2026-12-02T11:58:01.123Z", new MonitorView.LastResult(true, "connected in 1 ms", 1.25,
            "2026-12-02T11:58:03.123Z"), 2, 0, 2, 3, 2000, 1500, 9, 1, List.of()));
    }

    @Test
    void aTrackedInstanceShowsWhatIsDownAndWhatItTakesOff_anUntrackedOneNothing() {
        TrackingResource resource = new TrackingResource();
        resource.addInstance(FixedInstance.running("b", VrrpState.BACKUP, 100, 100, null, true));
        resource.addInstance(FixedInstance.running("a", VrrpState.MASTER, 120, 150, 150, false));
        resource.addGroup(new GroupOfA(TrackMode.PROGRESSIVE));

        List<TrackingView> tracking = resource.tracking();

        assertThat(tracking).extracting(TrackingView::instance).containsExactly("a", "b");
        TrackingView a = tracking.get(0);
        assertThat(a.mode()).isEqualTo("PROGRESSIVE");
        assertThat(a.state()).isEqualTo("MASTER");
        assertThat(a.preempt()).isFalse();
        assertThat(a.basePriority()).isEqualTo(120);
        assertThat(a.trackedPriority()).as("floor(120 * 1/2) - 20").isEqualTo(40);
        assertThat(a.deduction()).isEqualTo(80);
        assertThat(a.effectivePriority()).as("the override wins").isEqualTo(150);
        assertThat(a.priorityOverride()).isEqualTo(150);
        assertThat(a.reason()).isEqualTo("monitors down 1/2: ghost (missing), mode PROGRESSIVE: -60; interfaces down"
            + " 1/2: eth1 (-20)");
        assertThat(a.monitors()).containsExactly(new TrackingView.TrackedMonitor("web", "up"),
            new TrackingView.TrackedMonitor("ghost", "missing"));
        assertThat(a.interfaces()).containsExactly(new TrackingView.TrackedInterface("eth1", 20, false),
            new TrackingView.TrackedInterface("eth2", 30, true));
        assertThat(tracking.get(1)).isEqualTo(new TrackingView("b", "BACKUP", "NONE", true, 100, 100, 100, null, 0,
            null, List.of(), List.of()));
    }

    @Test
    void aMonitorDownThatTakesNothingOffIsNoReason() {
        TrackingResource resource = new TrackingResource();
        resource.addInstance(FixedInstance.running("a", VrrpState.MASTER, 120, 100, null, true));
        resource.addGroup(new GroupOfA(TrackMode.ONE));

        TrackingView a = resource.tracking().get(0);

        assertThat(a.deduction()).isEqualTo(20);
        assertThat(a.reason()).isEqualTo("interfaces down 1/2: eth1 (-20)");
        assertThat(a.monitors()).contains(new TrackingView.TrackedMonitor("ghost", "missing"));
    }
}
