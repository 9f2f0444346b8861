package org.vireo.srv.command;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.srv.DnsmasqAccess;
import org.vireo.srv.internal.SrvOptions;

import com.sun.net.httpserver.HttpServer;

/** srv:resolve and srv:connect as the shell runs them, against a real dnsmasq and real HTTP servers on loopback. */
class SrvCommandsTest {

    private static AutoCloseable dns;
    private static String dnsAddress;

    @BeforeAll
    static void startDns(@TempDir Path dir) throws Exception {
        dns = DnsmasqAccess.start(dir, List.of(
            "--srv-host=_vireo-proxy._tcp.cluster.test,n1.cluster.test,3128,10,60",
            "--srv-host=_vireo-proxy._tcp.cluster.test,n2.cluster.test,3129,10,40",
            "--srv-host=_vireo-proxy._tcp.cluster.test,backup.cluster.test,3130,20,0",
            "--host-record=n1.cluster.test,10.0.0.1",
            "--host-record=n2.cluster.test,10.0.0.2,fd00::2",
            "--srv-host=_vireo-proxy._tcp.gone.test",
            "--srv-host=_ideco-client._tcp.classic.test,gw.classic.test,8080,0,0",
            "--host-record=gw.classic.test,10.0.0.7"));
        dnsAddress = DnsmasqAccess.address(dns);
    }

    @AfterAll
    static void stopDns() throws Exception {
        dns.close();
    }

    private record Output(boolean ok, String text) {
    }

    private static Output run(SrvCommand command, String address) throws InterruptedException {
        command.address = address;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        boolean ok = command.run(SrvOptions.DEFAULTS, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return new Output(ok, bytes.toString(StandardCharsets.UTF_8));
    }

    private static ResolveCommand resolve() {
        ResolveCommand c = new ResolveCommand();
        c.dns = List.of(dnsAddress);
        return c;
    }

    /** The first table row with a cell {@code cell}, its cells trimmed. */
    private static List<String> row(String output, String cell) {
        return output.lines().map(l -> List.of(l.split("\\|")).stream().map(String::strip).toList())
            .filter(cells -> cells.contains(cell)).findFirst()
            .orElseThrow(() -> new AssertionError("no row with " + cell + " in\n" + output));
    }

    @Test
    void resolvePrintsTheSrvCandidatesInATableAndSampleOrders() throws Exception {
        ResolveCommand command = resolve();
        command.samples = "3";

        Output out = run(command, "cluster.test");

        assertThat(out.ok()).isTrue();
        assertThat(out.text()).startsWith("source: SRV");
        assertThat(out.text()).containsPattern("# +\\| Target +\\| Priority \\| Weight \\| Port \\| Addresses");
        assertThat(row(out.text(), "n2.cluster.test")).containsSubsequence("10", "40", "3129",
            "10.0.0.2, fd00:0:0:0:0:0:0:2");
        assertThat(row(out.text(), "backup.cluster.test")).as("a target without addresses")
            .containsSubsequence("20", "0", "3130", "(none)");
        assertThat(out.text().lines().filter(l -> l.matches("  \\S+ -> \\S+ -> backup\\.cluster\\.test")))
            .as("three sample orders, priority 20 last").hasSize(3);
    }

    @Test
    void resolveOfAnIpLiteralAsksNoDns() throws Exception {
        ResolveCommand command = resolve();
        command.dns = List.of("127.0.0.1:9"); // nothing answers there

        Output out = run(command, "192.0.2.7:8443");

        assertThat(out.text()).startsWith("source: LITERAL").doesNotContain("sample orders");
        assertThat(row(out.text(), "192.0.2.7")).containsExactly("1", "192.0.2.7", "0", "0", "8443", "192.0.2.7");
    }

    @Test
    void optionsOverrideTheServiceAndTheDefaultPort() throws Exception {
        ResolveCommand classic = resolve();
        classic.service = "_ideco-client._tcp";
        assertThat(row(run(classic, "classic.test").text(), "gw.classic.test")).contains("8080", "10.0.0.7");

        ResolveCommand literal = resolve();
        literal.port = "3128";
        assertThat(row(run(literal, "192.0.2.7").text(), "192.0.2.7")).contains("3128");
    }

    @Test
    void resolveSaysWhyThereAreNoCandidates() throws Exception {
        Output gone = run(resolve(), "gone.test");
        assertThat(gone.ok()).isFalse();
        assertThat(gone.text()).startsWith("service not available: ").contains("decidedly not available at gone.test");

        Output missing = run(resolve(), "missing.test");
        assertThat(missing.text()).startsWith("DNS failed for missing.test: NXDOMAIN, the name does not exist");
    }

    @Test
    void badOptionsAreRefusedNamingTheOptionAndWhatIsAccepted() {
        ResolveCommand port = resolve();
        port.port = "0";
        assertThatThrownBy(() -> run(port, "192.0.2.7")).hasMessage("--port = 0: expected 1-65535");

        ResolveCommand samples = resolve();
        samples.samples = "1000";
        assertThatThrownBy(() -> run(samples, "192.0.2.7")).hasMessage("--samples = 1000: expected 0-100");

        ConnectCommand scheme = new ConnectCommand();
        scheme.scheme = "gopher";
        assertThatThrownBy(() -> run(scheme, "192.0.2.7")).hasMessageContaining("scheme 'gopher': expected http or"
            + " https");

        assertThatThrownBy(() -> run(resolve(), "not an address")).hasMessageContaining("'not an address': expected");
    }

    @Test
    void connectPrintsTheTraceAndTheEndpointReached() throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 8);
        server.createContext("/", exchange -> {
            if (exchange.getRequestURI().getPath().equals("/hello")) {
                exchange.getResponseHeaders().add("Location", "/welcome");
                exchange.sendResponseHeaders(302, -1);
            } else {
                exchange.sendResponseHeaders(200, -1);
            }
            exchange.close();
        });
        server.start();
        try {
            ConnectCommand command = new ConnectCommand();
            command.scheme = "http";
            command.path = "/hello";
            String base = "http://127.0.0.1:" + server.getAddress().getPort();

            Output out = run(command, "127.0.0.1:" + server.getAddress().getPort());

            assertThat(out.ok()).isTrue();
            assertThat(out.text()).startsWith("source: LITERAL").containsPattern("Candidate +\\| URL +\\| Outcome +\\| +ms");
            List<String> first = row(out.text(), base + "/hello");
            assertThat(first.subList(0, 3)).containsExactly("1 127.0.0.1", base + "/hello",
                "redirect 302 -> " + base + "/welcome");
            assertThat(first.get(3)).as("its duration").matches("\\d+");
            assertThat(row(out.text(), base + "/welcome")).contains("200");
            assertThat(out.text()).endsWith("connected: " + base + "/welcome" + System.lineSeparator());
        } finally {
            server.stop(0);
        }
    }

    @Test
    void connectSaysWhenNoCandidateAnswered() throws Exception {
        int closed;
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort(); // nothing listens there once closed: refused at once
        }
        ConnectCommand command = new ConnectCommand();
        command.scheme = "http";

        Output out = run(command, "127.0.0.1:" + closed);

        assertThat(out.ok()).isFalse();
        assertThat(out.text()).contains("ConnectException").endsWith("no candidate answered (1 candidates, 1 attempts)"
            + System.lineSeparator());
    }
}
