package org.vireo.balancer.internal.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.vireo.balancer.Balancer;
import org.vireo.balancer.BalancerStatus;
import org.vireo.balancer.ScannerStats;

class BalancerResourceTest {

    /** A director's balancer with a fixed table and numbers; drains are recorded, not applied. */
    private static final class FixedBalancer implements Balancer {
        final List<String> drains = new ArrayList<>();
        final List<ScannerStats> scanners = List.of(
            new ScannerStats("10.0.0.21:3128", true, false, 2, 1.5, 0.75, 3, 120, 1, 4096, 65536, 0.25, 0.5,
                "balancer-10.0.0.21-3128 UP", 7),
            new ScannerStats("10.0.0.22:3128", false, true, 1, 0, 0.25, 1, 40, 9, 10, 20, -1, -1,
                "balancer-10.0.0.22-3128 DOWN", 0));

        @Override
        public List<ScannerStats> scanners() {
            return scanners;
        }

        @Override
        public BalancerStatus status() {
            return new BalancerStatus("standalone", "epoll", List.of(
                new BalancerStatus.Listener("127.0.0.1:9090", "http", true, ""),
                new BalancerStatus.Listener("127.0.0.1:2121", "ftp", false, "127.0.0.1:2121: Address already in use")),
                160, 2, 0, 4, 7, List.of("127.0.0.1:2121: Address already in use"));
        }

        @Override
        public String drain(String scanner, boolean drain) {
            drains.add(scanner + (drain ? " drain" : " undrain"));
            return "scanner " + scanner + (drain ? " drained" : " undrained");
        }
    }

    private final FixedBalancer fixed = new FixedBalancer();
    private final BalancerResource resource = new BalancerResource();

    BalancerResourceTest() {
        resource.balancer = fixed;
    }

    @Test
    void theBalancerShowsItsModeListenersTotalsAndProblems() {
        BalancerView view = resource.balancer();

        assertThat(view.mode()).isEqualTo("standalone");
        assertThat(view.transport()).isEqualTo("epoll");
        assertThat(view.listeners()).containsExactly(
            new BalancerView.Listener("127.0.0.1:9090", "http", true, null),
            new BalancerView.Listener("127.0.0.1:2121", "ftp", false, "127.0.0.1:2121: Address already in use"));
        assertThat(view.acceptedConnections()).isEqualTo(160);
        assertThat(view.unservedConnections()).isEqualTo(2);
        assertThat(view.relayedConnections()).isZero();
        assertThat(view.activeConnections()).isEqualTo(4);
        assertThat(view.affinities()).isEqualTo(7);
        assertThat(view.problems()).containsExactly("127.0.0.1:2121: Address already in use");
    }

    @Test
    void eachScannerShowsItsStateWeightsConnectionsBytesLoadAndClients() {
        List<ScannerView> scanners = resource.scanners();

        assertThat(scanners).containsExactly(
            new ScannerView("10.0.0.21:3128", "UP", false, 2, 1.5, 0.75, 3, 120, 1, 4096, 65536, 0.25, 0.5,
                "balancer-10.0.0.21-3128 UP", 7),
            new ScannerView("10.0.0.22:3128", "DOWN", true, 1, 0, 0.25, 1, 40, 9, 10, 20, null, null,
                "balancer-10.0.0.22-3128 DOWN", 0));
    }

    @Test
    void theAuditLogsFlagBeforeADrainIsTheRunningTables() {
        assertThat(resource.drainState("10.0.0.21:3128")).isEqualTo("not drained");
        assertThat(resource.drainState("10.0.0.22:3128")).isEqualTo("drained");
        assertThat(resource.drainState("10.0.0.23:3128")).isEqualTo("not in the running table");
        assertThat(fixed.drains).as("reading changes nothing").isEmpty();
    }
}
