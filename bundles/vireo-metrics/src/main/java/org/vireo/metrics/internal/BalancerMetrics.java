package org.vireo.metrics.internal;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import org.vireo.balancer.Balancer;
import org.vireo.balancer.BalancerStatus;
import org.vireo.balancer.ScannerStats;

/** The director's balancer: its listeners and connections, and each scanner's state, share and traffic. */
@Component(service = VireoCollector.class)
public class BalancerMetrics implements VireoCollector {

    @Reference
    private Balancer balancer;

    @Override
    public void collect(Families f) {
        collect(f, balancer.status(), balancer);
    }

    static void collect(Families f, BalancerStatus s, Balancer balancer) {
        f.counter("vireo_balancer_accepted_connections", "Client connections the balancer accepted").add(s.accepted());
        f.counter("vireo_balancer_unserved_connections", "Client connections closed for want of a scanner that is up")
            .add(s.unserved());
        f.counter("vireo_balancer_relayed_connections", "Client connections relayed to a scanner").add(s.relayed());
        f.gauge("vireo_balancer_active_connections", "Client connections open now").add(s.active());
        f.gauge("vireo_balancer_affinities", "Clients remembered with the scanner they are kept on")
            .add(s.affinities());
        f.gauge("vireo_balancer_problems", "Problems the balancer reports (balancer:stats lists them)")
            .add(s.problems().size());
        for (BalancerStatus.Listener l : s.listeners()) {
            f.gauge("vireo_balancer_listener_bound", "1 while the listener is bound")
                .add(l.bound(), "address", l.address(), "service", l.service());
        }
        for (ScannerStats sc : balancer.scanners()) {
            scanner(f, sc);
        }
    }

    private static void scanner(Families f, ScannerStats s) {
        String id = s.id();
        f.gauge("vireo_balancer_scanner_up", "1 while the scanner's monitor says it is up").add(s.up(), "scanner", id);
        f.gauge("vireo_balancer_scanner_draining", "1 while the scanner is drained (no new clients)")
            .add(s.drain(), "scanner", id);
        f.gauge("vireo_balancer_scanner_weight", "The scanner's configured weight").add(s.weight(), "scanner", id);
        f.gauge("vireo_balancer_scanner_effective_weight", "Its weight after its reported load")
            .add(s.effectiveWeight(), "scanner", id);
        f.gauge("vireo_balancer_scanner_share", "The share of new clients it gets (0 to 1)")
            .add(s.share(), "scanner", id);
        f.gauge("vireo_balancer_connections", "Client connections relayed to the scanner now")
            .add(s.active(), "scanner", id);
        f.counter("vireo_balancer_scanner_connections", "Client connections relayed to the scanner")
            .add(s.connections(), "scanner", id);
        f.counter("vireo_balancer_connect_failures", "Connections to the scanner that failed")
            .add(s.connectFailures(), "scanner", id);
        f.counter("vireo_balancer_scanner_received_bytes", "Bytes from clients relayed to it")
            .add(s.bytesFromClients(), "scanner", id);
        f.counter("vireo_balancer_scanner_sent_bytes", "Bytes from it relayed to clients")
            .add(s.bytesToClients(), "scanner", id);
        f.gauge("vireo_balancer_scanner_cpu_ratio", "The CPU use it reports (0 to 1)").add(s.cpu(), "scanner", id);
        f.gauge("vireo_balancer_scanner_memory_ratio", "The memory use it reports (0 to 1)")
            .add(s.memory(), "scanner", id);
    }
}
