package org.vireo.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class BalancerOptionsTest {

    @Test
    void theScannerTableReadsAddressesWeightsAndDrain() {
        BalancerOptions o = BalancerOptions.parse(Map.of("scanners",
            "10.0.0.21:3128, 10.0.0.22:3128 weight=2.5, [fd00::23]:3128 drain weight=0"));

        assertThat(o.scanners()).extracting(BalancerOptions.Scanner::id)
            .containsExactly("10.0.0.21:3128", "10.0.0.22:3128", "[fd00::23]:3128");
        assertThat(o.scanners()).extracting(BalancerOptions.Scanner::weight).containsExactly(1.0, 2.5, 0.0);
        assertThat(o.scanners()).extracting(BalancerOptions.Scanner::drain).containsExactly(false, false, true);
        assertThat(o.httpPort()).isEqualTo(9090);
        assertThat(o.ftpPort()).isEqualTo(2121);
        assertThat(o.boundFactor()).isEqualTo(1.25);
        assertThat(o.affinityIdleSeconds()).isEqualTo(300);
    }

    @Test
    void anEmptyTableIsAcceptedAndSaysSoLater() {
        assertThat(BalancerOptions.parse(Map.of()).scanners()).isEmpty();
    }

    @Test
    void everyBadEntryAndKeyIsNamedWithWhatIsAccepted() {
        assertThatThrownBy(() -> BalancerOptions.parse(Map.of(
            "scanners", "proxy.example:3128, 10.0.0.1:99999, 10.0.0.2:3128 weight=500, 10.0.0.3, 10.0.0.4:1 x,"
                + " 10.0.0.5:3128, 10.0.0.5:3128",
            "boundFactor", "1", "httpPort", "0")))
            .hasMessageStartingWith("configuration org.vireo.balancer refused: ")
            .hasMessageContaining("'proxy.example:3128': expected <IPv4>:<port>")
            .hasMessageContaining("port 99999: expected 1-65535")
            .hasMessageContaining("'weight=500'")
            .hasMessageContaining("'10.0.0.3': expected")
            .hasMessageContaining("'x': expected")
            .hasMessageContaining("10.0.0.5:3128 is listed twice")
            .hasMessageContaining("boundFactor = '1': expected a number above 1")
            .hasMessageContaining("httpPort");
    }

    @Test
    void listenersFtpAndChecksHaveDefaultsAndAcceptTheirRanges() throws Exception {
        BalancerOptions d = BalancerOptions.parse(Map.of());
        assertThat(d.standaloneAddresses()).containsExactly(java.net.InetAddress.getByName("0.0.0.0"));
        assertThat(d.ftpPassivePorts()).isEmpty();
        assertThat(d.checkIntervalMillis()).isEqualTo(2000);
        assertThat(d.threads()).isZero();
        assertThat(d.transport()).isEqualTo("auto");
        assertThat(d.zeroCopyBytes()).as("off unless asked for").isZero();
        assertThat(BalancerOptions.parse(Map.of("transport", " EPOLL ")).transport()).isEqualTo("epoll");

        BalancerOptions o = BalancerOptions.parse(Map.of("ftpPassivePorts", "50000 - 50009",
            "standaloneAddresses", "127.0.0.1, ::1", "ftpPort", "0"));
        assertThat(o.ftpPassivePorts()).hasSize(10).startsWith(50000).endsWith(50009);
        assertThat(o.standaloneAddresses()).hasSize(2);
        assertThat(o.ftpPort()).isZero();
        assertThat(BalancerOptions.parse(Map.of("standaloneAddresses", "")).standaloneAddresses()).isEmpty();
    }

    @Test
    void badListenersAndPassiveRangesAreRefusedWithWhatIsAccepted() {
        assertThatThrownBy(() -> BalancerOptions.parse(Map.of("ftpPassivePorts", "50000-52000",
            "standaloneAddresses", "eth0")))
            .hasMessageContaining("ftpPassivePorts = '50000-52000': expected <first>-<last>, ports 1-65535, at most 1000")
            .hasMessageContaining("standaloneAddresses: 'eth0': expected IPv4 or IPv6 literals");
        assertThatThrownBy(() -> BalancerOptions.parse(Map.of("transport", "uring")))
            .hasMessageContaining("transport = 'uring': expected one of auto, io_uring, epoll, nio");
        assertThatThrownBy(() -> BalancerOptions.parse(Map.of("zeroCopyBytes", "100")))
            .hasMessageContaining("zeroCopyBytes = 100: expected 0 (off) or 4096-67108864");
        assertThat(BalancerOptions.parse(Map.of("zeroCopyBytes", "65536")).zeroCopyBytes()).isEqualTo(65536);
        assertThatThrownBy(() -> BalancerOptions.parse(Map.of("ftpPassivePorts", "9000-9100")))
            .as("the range holds httpPort").hasMessageContaining("not including httpPort or ftpPort");
    }

    @Test
    void drainingRewritesOnlyThatEntryAndKeepsItsWeight() {
        List<String> table = List.of("10.0.0.21:3128", "10.0.0.22:3128 weight=2.5", "[fd00::23]:3128");

        assertThat(BalancerOptions.withDrain(table, "10.0.0.22:3128", true))
            .containsExactly("10.0.0.21:3128", "10.0.0.22:3128 weight=2.5 drain", "[fd00::23]:3128");
        assertThat(BalancerOptions.withDrain(List.of("10.0.0.21:3128 drain weight=3"), "10.0.0.21:3128", false))
            .containsExactly("10.0.0.21:3128 weight=3");
        assertThat(BalancerOptions.withDrain(table, "[fd00::23]:3128", true)).as("an IPv6 scanner in any spelling")
            .containsExactly("10.0.0.21:3128", "10.0.0.22:3128 weight=2.5", "[fd00::23]:3128 drain");
        assertThat(BalancerOptions.withDrain(table, "[fd00::23]:3128", true))
            .containsExactly("10.0.0.21:3128", "10.0.0.22:3128 weight=2.5", "[fd00::23]:3128 drain");
        assertThatThrownBy(() -> BalancerOptions.withDrain(table, "10.0.0.99:3128", true))
            .hasMessage("no scanner 10.0.0.99:3128 in the table of org.vireo.balancer; it has: 10.0.0.21:3128,"
                + " 10.0.0.22:3128, [fd00::23]:3128");
    }

    @Test
    void transportNamesAreCheckedWithoutRegardToCaseOrSpaces() {
        assertThat(BalancerOptions.transport(" IO_URING ")).contains("io_uring");
        assertThat(BalancerOptions.transport("auto")).contains("auto");
        assertThat(BalancerOptions.transport("uring")).isEmpty();
        assertThat(BalancerOptions.acceptedTransports()).isEqualTo("auto, io_uring, epoll, nio");
    }
}
