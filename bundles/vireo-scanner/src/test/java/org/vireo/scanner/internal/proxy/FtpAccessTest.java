package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.vireo.api.TailRing;
import org.vireo.scanner.FtpStats;
import org.vireo.scanner.internal.access.AccessEntry;
import org.vireo.scanner.internal.ftp.FtpLog;

/** The FTP proxy's records: lines of the HTTP proxy's access log, and its counters. */
class FtpAccessTest {

    private final List<String> lines = new ArrayList<>();
    private final TailRing<AccessEntry> recent = new TailRing<>(8);
    private final FtpCounters counters = new FtpCounters();
    private final FtpAccess access = new FtpAccess(new AccessLog("n3", () -> true, lines::add, recent), counters);

    private void record(String command, String path, int reply, long up, long down, String rule) {
        access.record(new FtpLog.Entry(Instant.parse("2026-12-06T01:02:03.456Z"), System.nanoTime(), "10.1.2.3",
            command, "ftp://anonymous@files.example" + path, reply, up, down, rule), Runnable::run);
    }

    @Test
    void loginsAndTransfersAreCountedAndLoggedAsExchanges() throws Exception {
        access.sessionOpened();
        access.sessionOpened();
        record("USER", "/", 230, 0, 0, "lab");
        record("USER", "/", 530, 0, 0, "no-ftp");
        record("RETR", "/pub/a.bin", 226, 0, 5000, "lab");
        record("STOR", "/incoming/b.bin", 226, 700, 0, "lab");
        record("RETR", "/pub/secret.txt", 550, 0, 0, "no-secrets");
        access.refusedData(InetAddress.getByName("10.9.9.9"));
        access.sessionClosed();

        FtpStats stats = counters.stats(true);
        assertThat(stats.activeSessions()).isEqualTo(1);
        assertThat(stats.sessions()).isEqualTo(1);
        assertThat(stats.loginsRefused()).isEqualTo(1);
        assertThat(stats.transfersByReplyClass()).containsEntry("2xx", 2L).containsEntry("4xx", 0L)
            .containsEntry("5xx", 1L);
        assertThat(stats.bytesFromClients()).isEqualTo(700);
        assertThat(stats.bytesToClients()).isEqualTo(5000);
        assertThat(stats.dataConnectionsRefused()).isEqualTo(1);
        assertThat(String.join("\n", lines)).contains("\"client\":\"10.1.2.3\",\"method\":\"RETR\","
            + "\"target\":\"ftp://anonymous@files.example/pub/a.bin\",\"status\":226,\"bytesUp\":0,\"bytesDown\":5000")
            .contains("\"method\":\"RETR\",\"target\":\"ftp://anonymous@files.example/pub/secret.txt\",\"status\":550")
            .contains("\"rule\":\"no-secrets\"");
        assertThat(recent.read(-1, e -> true, 10)).hasSize(5);
    }
}
