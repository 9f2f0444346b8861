package org.vireo.metrics.internal;

import java.util.Map;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import org.vireo.scanner.FtpStats;
import org.vireo.scanner.ProxyStats;
import org.vireo.scanner.ProxyStatsSource;

/**
 * The scanner's filtering proxies: HTTP exchanges by status class, refusals by reason, bytes, request durations;
 * FTP sessions, refused logins, transfers by reply class, bytes, refused data connections.
 */
@Component(service = VireoCollector.class)
public class ProxyMetrics implements VireoCollector {

    @Reference
    private ProxyStatsSource source;

    @Override
    public void collect(Families f) {
        collect(f, source.stats());
        collect(f, source.ftp());
    }

    static void collect(Families f, ProxyStats s) {
        f.gauge("vireo_scanner_listening", "1 while the HTTP proxy listens (0: its configuration is refused)")
            .add(s.listening());
        f.gauge("vireo_scanner_active_connections", "Client connections open now").add(s.activeConnections());
        f.counter("vireo_scanner_requests_started", "Requests started (tunnels not included)").add(s.requests());
        f.counter("vireo_scanner_tunnels", "CONNECT tunnels started").add(s.tunnels());
        for (Map.Entry<String, Long> e : s.responsesByClass().entrySet()) {
            f.counter("vireo_scanner_requests", "Exchanges ended, by the class of their status (code=2xx ...)")
                .add(e.getValue(), "code", e.getKey());
        }
        for (Map.Entry<String, Long> e : s.refusals().entrySet()) {
            f.counter("vireo_scanner_refused", "Messages refused for their syntax or framing, by the access log's code")
                .add(e.getValue(), "reason", e.getKey());
        }
        f.counter("vireo_scanner_received_bytes", "Body bytes from clients").add(s.bytesFromClients());
        f.counter("vireo_scanner_sent_bytes", "Body bytes to clients").add(s.bytesToClients());
        f.counter("vireo_scanner_trailer_fields_dropped", "Trailer fields not on the list a trailer may carry")
            .add(s.trailerFieldsDropped());
        f.histogram("vireo_scanner_request_duration_seconds",
                "From a request's head to the end of its answer (tunnels not included)")
            .add(s.requestDurations());
    }

    static void collect(Families f, FtpStats s) {
        f.gauge("vireo_ftp_listening", "1 while the FTP proxy listens").add(s.listening());
        f.gauge("vireo_ftp_active_sessions", "FTP control connections open now").add(s.activeSessions());
        f.counter("vireo_ftp_sessions", "FTP logins the server accepted through the proxy").add(s.sessions());
        f.counter("vireo_ftp_logins_refused", "FTP logins refused by the rules, a protected destination or the server")
            .add(s.loginsRefused());
        for (Map.Entry<String, Long> e : s.transfersByReplyClass().entrySet()) {
            f.counter("vireo_ftp_transfers", "FTP transfers ended, by the class of their final reply (code=2xx ...)")
                .add(e.getValue(), "code", e.getKey());
        }
        f.counter("vireo_ftp_received_bytes", "FTP data bytes from clients").add(s.bytesFromClients());
        f.counter("vireo_ftp_sent_bytes", "FTP data bytes to clients").add(s.bytesToClients());
        f.counter("vireo_ftp_data_connections_refused",
            "FTP data connections refused: another address than the client's (bounce, a third party)")
            .add(s.dataConnectionsRefused());
    }
}
