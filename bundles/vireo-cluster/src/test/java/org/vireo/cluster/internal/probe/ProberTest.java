package org.vireo.cluster.internal.probe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.vireo.cluster.MemberProbes;

/** The prober's schedule and what it reports, against a target that stops answering for a while. */
class ProberTest {

    private static final long MS = 1_000_000;

    @Test
    void attemptsStartAtTheirRateThroughAnOutage_andTheLongestGapSpansIt() throws Exception {
        long t0 = System.nanoTime();
        // no answer from 100 to 200 ms: each such attempt hangs until its timeout, as a SYN to a gone host does
        Prober.Attempt target = (t, timeoutMillis) -> {
            long at = (System.nanoTime() - t0) / MS;
            if (at >= 100 && at < 200) {
                try {
                    Thread.sleep(timeoutMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                throw new SocketTimeoutException("connect timed out");
            }
        };
        MemberProbes.Request request = new MemberProbes.Request("tcp:10.77.0.50:3128", Duration.ofMillis(5),
            Duration.ofMillis(400), Duration.ofMillis(50));

        MemberProbes.Result result = Prober.run("n3", request, target, System::nanoTime).get(10, TimeUnit.SECONDS);

        List<MemberProbes.Attempt> attempts = result.attempts();
        assertThat(attempts).hasSize(80);
        assertThat(result.failed()).isPositive();
        assertThat(attempts).filteredOn(a -> !a.ok()).allSatisfy(a -> {
            assertThat(a.error()).isEqualTo("SocketTimeoutException: connect timed out");
            assertThat(a.endNanos() - a.startNanos()).isGreaterThanOrEqualTo(50 * MS);
        });
        // later attempts were not held up by the hanging ones: more than one started while one hung
        long startedDuringOutage = attempts.stream().filter(a -> !a.ok()).count();
        assertThat(startedDuringOutage).isGreaterThan(3);
        MemberProbes.Gap gap = result.longestGap().orElseThrow();
        assertThat(gap.duration()).isGreaterThanOrEqualTo(Duration.ofMillis(100 - 5));
        assertThat(result.member()).isEqualTo("n3");
    }

    @Test
    void theLongestGapIsBetweenTheStartsOfTwoAnsweredAttemptsInTurn() {
        MemberProbes.Result result = new MemberProbes.Result("n3", "tcp:h:1", Instant.EPOCH, List.of(
            new MemberProbes.Attempt(0, 1 * MS, true, ""),
            new MemberProbes.Attempt(10 * MS, 11 * MS, true, ""),
            new MemberProbes.Attempt(20 * MS, 70 * MS, false, "timeout"),
            new MemberProbes.Attempt(30 * MS, 80 * MS, false, "timeout"),
            new MemberProbes.Attempt(40 * MS, 41 * MS, true, ""),
            new MemberProbes.Attempt(50 * MS, 51 * MS, true, "")));

        assertThat(result.longestGap()).contains(new MemberProbes.Gap(10 * MS, 30 * MS));
        assertThat(result.failed()).isEqualTo(2);
    }

    @Test
    void aRealTcpTargetAnswers_andAClosedPortFails() throws Exception {
        try (ServerSocket open = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            int closedPort;
            try (ServerSocket closed = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
                closedPort = closed.getLocalPort();
            }
            Attempts.run("tcp:127.0.0.1:" + open.getLocalPort(), 1000);
            assertThatThrownBy(() -> Attempts.run("tcp:127.0.0.1:" + closedPort, 1000))
                .isInstanceOf(IOException.class);
        }
    }

    @Test
    void aResultTravelsWhole() {
        MemberProbes.Result result = new MemberProbes.Result("n3", "http://10.77.0.50:3128/", Instant
            .ofEpochSecond(1_800_000_000L, 123), List.of(new MemberProbes.Attempt(0, 5, true, ""),
            new MemberProbes.Attempt(10, 60, false, "SocketTimeoutException: connect timed out")));
        MemberProbes.Request request = new MemberProbes.Request("tcp:[fd77::50]:3128", Duration.ofMillis(10),
            Duration.ofSeconds(20), Duration.ofMillis(200));

        assertThat(ProbeCodec.result(ProbeCodec.encode(result))).isEqualTo(result);
        assertThat(ProbeCodec.request(ProbeCodec.encode(request))).isEqualTo(request);
        assertThat(MemberProbes.Request.tcpHost(request.target())).isEqualTo("fd77::50");
    }

    @Test
    void aBadTargetOrScheduleIsRefusedSayingWhatIsAccepted() {
        assertThatThrownBy(() -> new MemberProbes.Request("udp:1.2.3.4:53",
            Duration.ofMillis(10), Duration.ofSeconds(1), Duration.ofMillis(100)))
            .hasMessage("probe target udp:1.2.3.4:53: give tcp:<host>:<port> or an http:// URL");
        assertThatThrownBy(() -> new MemberProbes.Request("tcp:1.2.3.4:0",
            Duration.ofMillis(10), Duration.ofSeconds(1), Duration.ofMillis(100)))
            .hasMessageContaining("a port from 1 to 65535");
        assertThatThrownBy(() -> new MemberProbes.Request("tcp:1.2.3.4:80",
            Duration.ofMillis(1), Duration.ofMinutes(3), Duration.ofMillis(100)))
            .hasMessage("probe of tcp:1.2.3.4:80: an interval from 2 ms, a duration up to 120 s and at least one"
                + " interval, a timeout above 0; not 1 ms, 180000 ms, 100 ms");
    }
}
