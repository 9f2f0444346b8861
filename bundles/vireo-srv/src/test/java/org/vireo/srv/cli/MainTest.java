package org.vireo.srv.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.srv.DnsmasqAccess;

/** The command-line tool against a real dnsmasq. */
class MainTest {

    private record Run(int status, String out, String err) {
    }

    private static Run run(String... args) throws InterruptedException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void resolvePrintsTheCandidatesAndSampleOrders(@TempDir Path dir) throws Exception {
        try (AutoCloseable dns = DnsmasqAccess.start(dir, List.of(
            "--srv-host=_vireo-proxy._tcp.cluster.test,n1.cluster.test,3128,10,60",
            "--srv-host=_vireo-proxy._tcp.cluster.test,n2.cluster.test,3128,10,40",
            "--host-record=n1.cluster.test,10.0.0.1", "--host-record=n2.cluster.test,fd00::2",
            "--srv-host=_vireo-proxy._tcp.gone.test"))) {
            String server = DnsmasqAccess.address(dns);

            Run ok = run("resolve", "cluster.test", "--dns", server);
            assertThat(ok.status()).isZero();
            assertThat(ok.out()).contains("source: SRV").contains("n1.cluster.test").contains("10.0.0.1")
                .contains("fd00:0:0:0:0:0:0:2").contains("sample orders");

            Run gone = run("resolve", "gone.test", "--dns", server);
            assertThat(gone.status()).isEqualTo(1);
            assertThat(gone.out()).contains("service not available").contains("decidedly not available");
        }
    }

    @Test
    void badUsageNamesTheProblemAndTheUsage() throws Exception {
        Run bad = run("resolve", "cluster.test", "--dns", "dns.example");
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err()).contains("--dns dns.example: expected an IP address").contains("usage: vireo-srv");
        assertThat(run("frobnicate", "x").err()).contains("usage: vireo-srv resolve");

        Run port = run("resolve", "--port", "0", "192.0.2.1");
        assertThat(port.status()).isEqualTo(2);
        assertThat(port.err()).startsWith("vireo-srv: --port = 0: expected 1-65535");
        assertThat(run("resolve", "--port", "8443").err()).startsWith("vireo-srv: no address given");
        assertThat(run("resolve", "a.test", "b.test").err()).startsWith("vireo-srv: one address only: 'a.test' and 'b.test'");
    }

    @Test
    void optionsMayComeBeforeTheAddress() throws Exception {
        Run literal = run("resolve", "--port", "8443", "192.0.2.1");
        assertThat(literal.status()).isEqualTo(0);
        assertThat(literal.out()).contains("192.0.2.1").contains("8443");
    }
}
