package org.vireo.scanner.internal.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.scanner.DurationHistogram;
import org.vireo.scanner.FtpStats;
import org.vireo.scanner.ProxyStats;
import org.vireo.scanner.ProxyStatsSource;

class ScannerResourceTest {

    @Test
    void theProxysCountersAreShownWithTheDurationsCumulativeByBucketAsPrometheusHasThem() {
        // 2 requests within 5 ms, none within 5-10 ms, 3 within 10-25 ms, 1 above every bound
        DurationHistogram durations = new DurationHistogram(List.of(0.005, 0.01, 0.025), List.of(2L, 0L, 3L, 1L), 1.5);
        ScannerResource resource = new ScannerResource();
        resource.proxy = source(new ProxyStats(true, 3, 7, 2, Map.of("5xx", 1L, "2xx", 5L, "4xx", 1L), 100, 2000,
            Map.of("bad_request_line", 1L, "bad_chunk", 0L), 4, durations), null);

        ProxyView view = resource.proxy();

        assertThat(view.listening()).isTrue();
        assertThat(view.activeConnections()).isEqualTo(3);
        assertThat(view.requestsStarted()).isEqualTo(7);
        assertThat(view.tunnels()).isEqualTo(2);
        assertThat(view.responsesByStatusClass()).containsExactly(Map.entry("2xx", 5L), Map.entry("4xx", 1L),
            Map.entry("5xx", 1L));
        assertThat(view.refusedByReason()).containsExactly(Map.entry("bad_chunk", 0L),
            Map.entry("bad_request_line", 1L));
        assertThat(view.bytesFromClients()).isEqualTo(100);
        assertThat(view.bytesToClients()).isEqualTo(2000);
        assertThat(view.trailerFieldsDropped()).isEqualTo(4);
        assertThat(view.requestDurations()).isEqualTo(new ProxyView.Durations(List.of(
            new ProxyView.Bucket(0.005, 2), new ProxyView.Bucket(0.01, 2), new ProxyView.Bucket(0.025, 5)), 6, 1.5));
    }

    @Test
    void theFtpProxysCountersAreShownAsTheyAre() {
        FtpStats stats = new FtpStats(true, 1, 4, 2, Map.of("2xx", 3L, "4xx", 0L, "5xx", 1L), 10, 20, 1);
        ScannerResource resource = new ScannerResource();
        resource.proxy = source(null, stats);

        assertThat(resource.ftp()).isEqualTo(stats);
    }

    private static ProxyStatsSource source(ProxyStats http, FtpStats ftp) {
        return new ProxyStatsSource() {
            @Override
            public ProxyStats stats() {
                return http;
            }

            @Override
            public FtpStats ftp() {
                return ftp;
            }
        };
    }
}
