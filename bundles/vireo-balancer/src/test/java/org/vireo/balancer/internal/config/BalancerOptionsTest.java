package org.vireo.balancer.internal.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;

class BalancerOptionsTest {

    @Test
    void theScannerTableReadsAddressesWeightsAndDrain() {
        BalancerOptions o = BalancerOptions.parse(Map.of("scanners",
            "10.0.0.21:3128, 10.0.0.22:3128 weight=2.5, [fd00::23]:3128 drain weight=0"));

        assertThat(o.scanners()).extracting(BalancerOptions.Scanner::id)
            .containsExactly("10.0.0.21:3128", "10.0.0.22:3128", "[fd00:0:0:0:0:0:0:23]:3128");
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
}
