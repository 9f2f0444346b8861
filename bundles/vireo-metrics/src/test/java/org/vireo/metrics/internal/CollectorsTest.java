package org.vireo.metrics.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.prometheus.metrics.config.EscapingScheme;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import org.junit.jupiter.api.Test;

import org.vireo.balancer.Balancer;
import org.vireo.balancer.BalancerStatus;
import org.vireo.balancer.ScannerStats;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.DocumentVersion;
import org.vireo.scanner.DurationHistogram;
import org.vireo.scanner.FtpStats;
import org.vireo.scanner.ProxyStats;
import org.vireo.vrrp.DropReason;
import org.vireo.vrrp.VrrpCounters;
import org.vireo.vrrp.VrrpInstance;
import org.vireo.vrrp.VrrpState;

/** The collectors' families as Prometheus reads them: client_java's own text writer on Vireo's figures. */
class CollectorsTest {

    @Test
    void theProxysDurationsAreAHistogramWithCumulativeBucketsAndItsCountersEndInTotal() throws Exception {
        ProxyStats stats = new ProxyStats(true, 3, 10, 2, Map.of("2xx", 9L, "4xx", 1L), 100, 2000,
            Map.of("chunk-size", 1L), 0, new DurationHistogram(List.of(0.01, 0.1), List.of(6L, 3L, 1L), 1.5));
        Families f = new Families();
        ProxyMetrics.collect(f, stats);
        String text = text(f);

        assertThat(text).contains("# TYPE vireo_scanner_request_duration_seconds histogram")
            .contains("vireo_scanner_request_duration_seconds_bucket{le=\"0.01\"} 6")
            .contains("vireo_scanner_request_duration_seconds_bucket{le=\"0.1\"} 9")
            .contains("vireo_scanner_request_duration_seconds_bucket{le=\"+Inf\"} 10")
            .contains("vireo_scanner_request_duration_seconds_count 10")
            .contains("vireo_scanner_request_duration_seconds_sum 1.5")
            .contains("vireo_scanner_requests_total{code=\"2xx\"} 9")
            .contains("vireo_scanner_refused_total{reason=\"chunk-size\"} 1")
            .contains("vireo_scanner_listening 1");
    }

    @Test
    void theFtpProxysTransfersAreCountedByReplyClass() throws Exception {
        FtpStats stats = new FtpStats(true, 2, 7, 1, Map.of("2xx", 5L, "4xx", 0L, "5xx", 2L), 300, 4000, 3);
        Families f = new Families();
        ProxyMetrics.collect(f, stats);
        String text = text(f);

        assertThat(text).contains("vireo_ftp_listening 1")
            .contains("vireo_ftp_active_sessions 2")
            .contains("vireo_ftp_sessions_total 7")
            .contains("vireo_ftp_logins_refused_total 1")
            .contains("vireo_ftp_transfers_total{code=\"2xx\"} 5")
            .contains("vireo_ftp_transfers_total{code=\"5xx\"} 2")
            .contains("vireo_ftp_received_bytes_total 300")
            .contains("vireo_ftp_sent_bytes_total 4000")
            .contains("vireo_ftp_data_connections_refused_total 3");
    }

    @Test
    void theBalancersScannersAreLabelledByTheirId() throws Exception {
        BalancerStatus status = new BalancerStatus("standalone", "epoll",
            List.of(new BalancerStatus.Listener("127.0.0.1:9090", "http", true, null)), 40, 1, 39, 2, 5, List.of());
        ScannerStats scanner = new ScannerStats("10.0.0.5:3128", true, false, 1, 0.8, 0.6, 2, 39, 1, 1000, 9000, 0.25,
            0.5, "balancer-10.0.0.5-3128", 3);
        Balancer balancer = new Balancer() {
            @Override
            public List<ScannerStats> scanners() {
                return List.of(scanner);
            }

            @Override
            public BalancerStatus status() {
                return status;
            }

            @Override
            public String drain(String id, boolean drain) {
                throw new UnsupportedOperationException("not a write test");
            }
        };
        Families f = new Families();
        BalancerMetrics.collect(f, balancer.status(), balancer);
        String text = text(f);

        assertThat(text).contains("vireo_balancer_accepted_connections_total 40")
            .contains("vireo_balancer_listener_bound{address=\"127.0.0.1:9090\",service=\"http\"} 1")
            .contains("vireo_balancer_scanner_share{scanner=\"10.0.0.5:3128\"} 0.6")
            .contains("vireo_balancer_scanner_connections_total{scanner=\"10.0.0.5:3128\"} 39");
    }

    @Test
    void aMemberWithOtherDocumentsThanThisNodeIsOutOfSync() throws Exception {
        Instant now = Instant.parse("2026-12-02T10:00:00Z");
        List<ClusterNode> nodes = List.of(
            new ClusterNode("a", "director", "10.0.0.1", "0.1.0", Map.of(), Optional.empty(), now, false, true, 7),
            new ClusterNode("b", "scanner", "10.0.0.2", "0.1.0", Map.of(), Optional.empty(), now, false, false, 7),
            new ClusterNode("c", "scanner", "10.0.0.3", "0.1.0", Map.of(), Optional.empty(), now, true, false, 8),
            new ClusterNode("d", "backup", "10.0.0.4", "0.1.0", Map.of(), Optional.empty(), now, false, false, 8));
        Families f = new Families();
        ClusterMetrics.collect(f, nodes);
        String text = text(f);

        assertThat(text).contains("vireo_cluster_member_config_in_sync{node=\"b\",role=\"scanner\"} 1")
            .contains("vireo_cluster_member_config_in_sync{node=\"c\",role=\"scanner\"} 0")
            .contains("vireo_cluster_member_up{node=\"c\",role=\"scanner\"} 0")
            .contains("vireo_cluster_members 4")
            .contains("vireo_cluster_members_out_of_sync 1") // d; c is stale
            .contains("vireo_cluster_documents_out_of_sync 0"); // d reports no versions (before 0.6): unknown
    }

    @Test
    void aDocumentIsOutOfSyncWhenAReportingMemberHoldsAnotherVersionOrNone() throws Exception {
        Instant now = Instant.parse("2026-12-02T10:00:00Z");
        DocumentVersion v1 = new DocumentVersion(1, 0, "a");
        DocumentVersion v2 = new DocumentVersion(2, 0, "b");
        List<ClusterNode> nodes = List.of(
            member("a", true, false, Map.of("rules", v2, "pid:x", v1, "pid:y", v1), now),
            member("b", false, false, Map.of("rules", v2, "pid:x", v1, "pid:y", v1), now),
            member("c", false, false, Map.of("rules", v1, "pid:x", v1, "pid:y", v1, "pid:z", v1), now),
            member("d", false, true, Map.of("pid:x", v2), now)); // stale: not counted
        Families f = new Families();
        ClusterMetrics.collect(f, nodes);

        assertThat(text(f)).contains("vireo_cluster_documents_out_of_sync 2"); // rules (c's v1), pid:z (none here)
    }

    private static ClusterNode member(String name, boolean self, boolean stale, Map<String, DocumentVersion> versions,
                                      Instant now) {
        return new ClusterNode(name, "scanner", "10.0.0.9", "0.6.0", Map.of(), Optional.empty(), now, stale, self,
            versions.hashCode(), Map.of(), List.of(), versions);
    }

    @Test
    void aFamilyWithoutPointsIsLeftOutAndTwoCollectorsMayNotShareAName() {
        Families f = new Families();
        f.counter("vireo_empty", "nothing");
        assertThat(f.snapshots().size()).isZero();

        Families one = new Families();
        one.gauge("vireo_x", "x").add(1);
        Families two = new Families();
        two.gauge("vireo_x", "x").add(2);
        one.addAll(new Families());
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> one.addAll(two))
            .isInstanceOf(IllegalStateException.class).hasMessageContaining("vireo_x");
    }

    @Test
    void aVrrpInstanceShowsItsStateCodePrioritiesAndTransitions() throws Exception {
        VrrpCounters counters = new VrrpCounters(10, 4, 0, 1, 0, Map.of(DropReason.values()[0], 2L),
            Map.of(VrrpState.BACKUP, 1L, VrrpState.MASTER, 1L));
        VrrpInstance instance = (VrrpInstance) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {VrrpInstance.class}, (proxy, method, args) -> switch (method.getName()) {
                case "name" -> "a";
                case "vrid" -> 61;
                case "state" -> VrrpState.MASTER;
                case "basePriority" -> 120;
                case "effectivePriority" -> 100;
                case "priorityOverride" -> Optional.empty();
                case "stateSince" -> Instant.parse("2026-12-02T10:00:00Z");
                case "counters" -> counters;
                default -> throw new UnsupportedOperationException(method.getName());
            });
        Families f = new Families();
        VrrpMetrics.collect(f, List.of(instance));
        String text = text(f);

        assertThat(text).contains("vireo_vrrp_state{instance=\"a\",vrid=\"61\"} 2")
            .contains("vireo_vrrp_priority{instance=\"a\",kind=\"base\",vrid=\"61\"} 120")
            .contains("vireo_vrrp_priority{instance=\"a\",kind=\"effective\",vrid=\"61\"} 100")
            .contains("vireo_vrrp_transitions_total{instance=\"a\",to=\"master\",vrid=\"61\"} 1")
            .contains("vireo_vrrp_transitions_total{instance=\"a\",to=\"fault\",vrid=\"61\"} 0")
            .contains("vireo_vrrp_adverts_sent_total{instance=\"a\",vrid=\"61\"} 10")
            .contains("vireo_vrrp_drops_total{instance=\"a\",reason=\""
                + DropReason.values()[0].name().toLowerCase(java.util.Locale.ROOT) + "\",vrid=\"61\"} 2");
    }

    private static String text(Families f) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrometheusTextFormatWriter.create().write(out, f.snapshots(), EscapingScheme.DEFAULT);
        return out.toString(StandardCharsets.UTF_8);
    }
}
