package org.vireo.cluster.internal.channel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class ChannelSettingsTest {

    @Test
    void withoutABindAddressTheClusterIsOffAndDefaultsApply() {
        ChannelSettings s = ChannelSettings.parse(Map.of(), "/opt/karaf/etc");

        assertThat(s.enabled()).isFalse();
        assertThat(s.clusterName()).isEqualTo("vireo");
        assertThat(s.bindPort()).isEqualTo(7800);
        assertThat(s.members()).isEmpty();
        assertThat(s.multicastDiscovery()).isFalse();
        assertThat(s.keystore()).isEqualTo(Path.of("/opt/karaf/etc/vireo/cluster/node.p12"));
        assertThat(s.truststore()).isEqualTo(s.keystore());
        assertThat(s.joinTimeoutMillis()).isEqualTo(3000);
        assertThat(s.heartbeatIntervalMillis()).isEqualTo(500);
        assertThat(s.failureTimeoutMillis()).isEqualTo(2500);
        assertThat(s.verifySuspectMillis()).isEqualTo(1000);
        assertThat(s.mergeMinIntervalMillis()).isEqualTo(2000);
        assertThat(s.mergeMaxIntervalMillis()).isEqualTo(4000);
    }

    @Test
    void aBlankTrustStoreIsTheKeystoreConfiguredBesideIt() {
        ChannelSettings s = ChannelSettings.parse(Map.of("keystore", "/srv/n1.p12", "keystorePassword", "pw",
            "truststore", " ", "truststorePassword", ""), "/opt/karaf/etc");

        assertThat(s.truststore()).isEqualTo(Path.of("/srv/n1.p12"));
        assertThat(s.truststorePassword()).isEqualTo("pw");
    }

    @Test
    void membersTakeTheBindPortByDefaultAndIpv6InBrackets() throws Exception {
        ChannelSettings s = ChannelSettings.parse(Map.of("bindAddress", "10.0.0.1", "bindPort", "7900",
            "members", "10.0.0.1, 10.0.0.2:7801, [2001:db8::3]:7802, 2001:db8::4", "keystorePassword", "pw",
            "truststore", "/etc/trust.p12"), "/opt/karaf/etc");

        assertThat(s.enabled()).isTrue();
        assertThat(s.members()).containsExactly(
            new InetSocketAddress(InetAddress.getByName("10.0.0.1"), 7900),
            new InetSocketAddress(InetAddress.getByName("10.0.0.2"), 7801),
            new InetSocketAddress(InetAddress.getByName("2001:db8::3"), 7802),
            new InetSocketAddress(InetAddress.getByName("2001:db8::4"), 7900));
        assertThat(s.truststore()).isEqualTo(Path.of("/etc/trust.p12"));
        assertThat(s.truststorePassword()).isEqualTo("pw");
        assertThat(s.toString()).doesNotContain("pw");
    }

    @Test
    void everyBadValueIsNamedWithWhatIsAccepted() {
        assertThatThrownBy(() -> ChannelSettings.parse(Map.of("clusterName", "a b", "bindAddress", "node1.lan",
            "bindPort", "0", "members", "10.0.0.2:99999, host.lan", "keystore", "relative.p12",
            "failureTimeoutMillis", "100", "heartbeatIntervalMillis", "100", "mergeMinIntervalMillis", "5000"),
            "/etc"))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("configuration org.vireo.cluster refused: ")
            .hasMessageContaining("clusterName = 'a b': expected 1-63 letters")
            .hasMessageContaining("bindAddress = 'node1.lan': expected an IPv4 or IPv6 address literal")
            .hasMessageContaining("bindPort = 0: expected 1-65535")
            .hasMessageContaining("members holds '10.0.0.2:99999': expected ip[:port] entries")
            .hasMessageContaining("members holds 'host.lan'")
            .hasMessageContaining("keystore = 'relative.p12': expected an absolute path")
            .hasMessageContaining("failureTimeoutMillis = 100: expected at least twice heartbeatIntervalMillis")
            .hasMessageContaining("mergeMaxIntervalMillis = 4000: expected more than mergeMinIntervalMillis (5000)");
    }

    @Test
    void aBindAddressNeedsTheKeystorePassword() {
        assertThatThrownBy(() -> ChannelSettings.parse(Map.of("bindAddress", "10.0.0.1"), "/etc"))
            .hasMessageContaining("keystorePassword is missing: expected the password cluster:issue-cert printed"
                + " for node.p12");
        assertThatThrownBy(() -> ChannelSettings.parse(Map.of("bindAddress", "0.0.0.0", "keystorePassword", "pw"),
            "/etc")).hasMessageContaining("not the wildcard");
    }

    @Test
    void karafEtcIsNeededForTheDefaultKeystore() {
        assertThatThrownBy(() -> ChannelSettings.parse(Map.of("members", List.of("10.0.0.1")), null))
            .hasMessageContaining("keystore = '${karaf.etc}/vireo/cluster/node.p12': ${karaf.etc} is not set");
    }
}
