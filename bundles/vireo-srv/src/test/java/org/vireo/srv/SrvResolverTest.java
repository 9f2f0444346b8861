package org.vireo.srv;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The resolver against a real dnsmasq serving SRV, A and AAAA records. */
class SrvResolverTest {

    private static Dnsmasq dns;

    @BeforeAll
    static void startDns(@TempDir Path dir) throws Exception {
        dns = Dnsmasq.start(dir, concat(List.of(
            "--srv-host=_vireo-proxy._tcp.cluster.test,n1.cluster.test,3128,10,60",
            "--srv-host=_vireo-proxy._tcp.cluster.test,n2.cluster.test,3129,10,40",
            "--srv-host=_vireo-proxy._tcp.cluster.test,backup.cluster.test,3130,20,0",
            "--host-record=n1.cluster.test,10.0.0.1",
            "--host-record=n2.cluster.test,10.0.0.2,fd00::2",
            "--host-record=backup.cluster.test,fd00::3",
            "--srv-host=_vireo-proxy._tcp.gone.test", // no target: the service is not available there
            "--host-record=gone.test,10.0.0.9",
            "--host-record=plain.test,10.0.0.8,fd00::8",
            "--srv-host=_ideco-client._tcp.classic.test,gw.classic.test,8080,0,0",
            "--host-record=gw.classic.test,10.0.0.7"), many()));
    }

    /** More SRV records than a UDP answer holds (dnsjava asks with EDNS for 1280 bytes): dnsmasq truncates. */
    private static final int MANY = 40;

    private static List<String> many() {
        List<String> records = new java.util.ArrayList<>();
        for (int i = 0; i < MANY; i++) {
            records.add("--srv-host=_vireo-proxy._tcp.many.test,scanner-with-a-rather-long-name-" + i
                + ".many.test," + (3000 + i) + ",10," + i);
        }
        return records;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new java.util.ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    @AfterAll
    static void stopDns() throws Exception {
        dns.close();
    }

    private static SrvResolver resolver(String service, InetSocketAddress server, Duration timeout) {
        return new SrvResolver(new SrvResolver.Settings(List.of(server), timeout, 1, true, service, 443),
            new SplittableRandom(9));
    }

    private static SrvResolver resolver() {
        return resolver("_vireo-proxy._tcp", dns.address(), Duration.ofSeconds(2));
    }

    @Test
    void srvRecordsGiveCandidatesByPriorityWithTheirAddresses() throws Exception {
        Resolution r = resolver().resolve("cluster.test");

        assertThat(r).isInstanceOf(Resolution.Candidates.class);
        Resolution.Candidates c = (Resolution.Candidates) r;
        assertThat(c.source()).isEqualTo(Resolution.Source.SRV);
        assertThat(c.candidates()).extracting(Resolution.Candidate::priority).containsExactly(10, 10, 20);
        assertThat(c.candidates().get(2).host()).isEqualTo("backup.cluster.test");
        assertThat(c.candidates().get(2).addresses()).containsExactly(InetAddress.getByName("fd00::3"));
        Resolution.Candidate n2 = c.candidates().stream().filter(x -> x.host().equals("n2.cluster.test"))
            .findFirst().orElseThrow();
        assertThat(n2.port()).isEqualTo(3129);
        assertThat(n2.weight()).isEqualTo(40);
        assertThat(n2.addresses()).as("IPv4 then IPv6")
            .containsExactly(InetAddress.getByName("10.0.0.2"), InetAddress.getByName("fd00::2"));
    }

    @Test
    void aSingleDotTargetMeansTheServiceIsNotAvailableThere() {
        Resolution r = resolver().resolve("gone.test");

        assertThat(r).isInstanceOf(Resolution.ServiceUnavailable.class);
        assertThat(((Resolution.ServiceUnavailable) r).message()).contains("decidedly not available at gone.test");
    }

    @Test
    void withoutSrvRecordsTheNamesOwnAddressesServeOnTheDefaultPort() throws Exception {
        Resolution.Candidates c = (Resolution.Candidates) resolver().resolve("plain.test");

        assertThat(c.source()).isEqualTo(Resolution.Source.ADDRESS);
        assertThat(c.candidates()).singleElement().satisfies(x -> {
            assertThat(x.port()).isEqualTo(443);
            assertThat(x.addresses()).containsExactly(InetAddress.getByName("10.0.0.8"),
                InetAddress.getByName("fd00::8"));
        });
        Resolution.Candidates withPort = (Resolution.Candidates) resolver().resolve("plain.test:8443");
        assertThat(withPort.candidates().get(0).port()).isEqualTo(8443);
    }

    @Test
    void theClassicServiceLabelIsExpressible() {
        Resolution.Candidates c = (Resolution.Candidates) resolver("_ideco-client._tcp", dns.address(),
            Duration.ofSeconds(2)).resolve("classic.test");

        assertThat(c.candidates()).extracting(Resolution.Candidate::host, Resolution.Candidate::port)
            .containsExactly(org.assertj.core.groups.Tuple.tuple("gw.classic.test", 8080));
    }

    @Test
    void dnsErrorsAreToldApart() throws Exception {
        Resolution nx = resolver().resolve("missing.test");
        assertThat(nx).isInstanceOf(Resolution.Failed.class);
        assertThat(((Resolution.Failed) nx).error()).isEqualTo(Resolution.DnsError.NXDOMAIN);

        try (DatagramSocket silent = new DatagramSocket(0, InetAddress.getLoopbackAddress())) { // never answers
            Resolution timeout = resolver("_vireo-proxy._tcp", (InetSocketAddress) silent.getLocalSocketAddress(),
                Duration.ofMillis(200)).resolve("cluster.test");
            assertThat(timeout).isInstanceOf(Resolution.Failed.class);
            assertThat(((Resolution.Failed) timeout).error()).isEqualTo(Resolution.DnsError.TIMEOUT);
        }
    }

    @Test
    void anIpLiteralNeedsNoDns() throws Exception {
        try (DatagramSocket silent = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            SrvResolver noDns = resolver("_vireo-proxy._tcp", (InetSocketAddress) silent.getLocalSocketAddress(),
                Duration.ofSeconds(30)); // a lookup would hang for 30 s and fail
            Resolution.Candidates c = (Resolution.Candidates) noDns.resolve("[fd00::5]:8080");

            assertThat(c.source()).isEqualTo(Resolution.Source.LITERAL);
            assertThat(c.candidates()).singleElement().satisfies(x -> {
                assertThat(x.addresses()).containsExactly(InetAddress.getByName("fd00::5"));
                assertThat(x.port()).isEqualTo(8080);
            });
        }
    }

    @Test
    void aTruncatedUdpAnswerIsAskedAgainOverTcp() {
        Resolution.Candidates all = (Resolution.Candidates) resolver().resolve("many.test");
        Resolution udpOnly = new SrvResolver(new SrvResolver.Settings(List.of(dns.address()), Duration.ofSeconds(2), 1,
            false, "_vireo-proxy._tcp", 443), new SplittableRandom(9)).resolve("many.test");

        assertThat(all.candidates()).as("every record, through TCP").hasSize(MANY);
        assertThat(udpOnly).as("the truncated UDP answer alone holds fewer")
            .isInstanceOfSatisfying(Resolution.Candidates.class, c -> assertThat(c.candidates()).hasSizeLessThan(MANY));
    }
}
