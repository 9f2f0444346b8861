package org.vireo.vrrp.internal.instance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

class InstanceOptionsTest {

    @Test
    void aMinimalConfigurationGetsTheDefaults() throws Exception {
        InstanceOptions o = InstanceOptions.parse(Map.of("name", "vip1", "vrid", "51", "virtualAddresses", "10.0.0.1"));

        assertThat(o.interfaceName()).isEqualTo("eth0");
        assertThat(o.version()).isEqualTo(3);
        assertThat(o.ipv6()).isFalse();
        assertThat(o.priority()).isEqualTo(100);
        assertThat(o.advertIntervalCentis()).isEqualTo(100);
        assertThat(o.preempt()).isTrue();
        assertThat(o.accept()).isFalse();
        assertThat(o.virtualAddresses()).containsExactly(InetAddress.getByName("10.0.0.1"));
        assertThat(o.unicastPeers()).isEmpty();
        assertThat(o.resignHoldOff()).isEqualTo(Duration.ofSeconds(60));
        assertThat(o.releaseHoldMax()).isEqualTo(Duration.ofSeconds(10));
    }

    @Test
    void theReleaseHoldIsBoundedToTenMinutes_andZeroMeansNeverWait() {
        assertThat(InstanceOptions.parse(Map.of("name", "a", "vrid", "1", "virtualAddresses", "10.0.0.1",
            "releaseHoldMaxSeconds", "0")).releaseHoldMax()).isZero();
        assertThatThrownBy(() -> InstanceOptions.parse(Map.of("name", "a", "vrid", "1", "virtualAddresses", "10.0.0.1",
            "releaseHoldMaxSeconds", "601")))
            .hasMessageContaining("releaseHoldMaxSeconds = 601: expected 0-600 (0: never wait for pre-release hooks)");
    }

    @Test
    void listsComeAsArraysFromMetatypeOrCommaSeparatedFromCfgFiles() {
        InstanceOptions fromArray = InstanceOptions.parse(Map.of("name", "a", "vrid", "1",
            "virtualAddresses", new String[] {"10.0.0.1", "10.0.0.2"}));
        InstanceOptions fromText = InstanceOptions.parse(Map.of("name", "a", "vrid", "1",
            "virtualAddresses", "10.0.0.1, 10.0.0.2"));
        assertThat(fromArray.virtualAddresses()).isEqualTo(fromText.virtualAddresses()).hasSize(2);
    }

    @Test
    void ipv6NeedsVersion3AndIpv6Addresses() {
        assertThat(InstanceOptions.parse(Map.of("name", "a", "vrid", "1", "addressFamily", "ipv6",
            "virtualAddresses", "fe80::1,2001:db8::1")).ipv6()).isTrue();
        assertThatThrownBy(() -> InstanceOptions.parse(Map.of("name", "a", "vrid", "1", "addressFamily", "ipv6",
            "version", "2", "virtualAddresses", "fe80::1")))
            .hasMessageContaining("VRRPv2 is IPv4 only");
        assertThatThrownBy(() -> InstanceOptions.parse(Map.of("name", "a", "vrid", "1",
            "virtualAddresses", "2001:db8::1")))
            .hasMessageContaining("virtualAddresses holds '2001:db8::1': expected IPv4 address literals");
    }

    /** RFC 5798 5.2.9: the link-local address goes first in the adverts, wherever the operator listed it. */
    @Test
    void anIpv6InstancesLinkLocalAddressComesFirst_theOthersKeepTheirOrder() throws Exception {
        InstanceOptions o = InstanceOptions.parse(Map.of("name", "a", "vrid", "53", "addressFamily", "ipv6",
            "virtualAddresses", "fd77::53,fd77::54,fe80::53,fe80::54"));
        assertThat(o.virtualAddresses()).containsExactly(InetAddress.getByName("fe80::53"),
            InetAddress.getByName("fd77::53"), InetAddress.getByName("fd77::54"), InetAddress.getByName("fe80::54"));
    }

    @Test
    void everyBadKeyIsNamedWithWhatIsAccepted() {
        assertThatThrownBy(() -> InstanceOptions.parse(Map.of("name", "bad name", "vrid", "256", "priority", "0",
            "advertIntervalMillis", "15", "preempt", "maybe", "virtualAddresses", "10.0.0.300,vip.example.com")))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("configuration org.vireo.vrrp.instance 'bad name' refused: ")
            .hasMessageContaining("name = 'bad name': expected 1-32 letters")
            .hasMessageContaining("vrid = 256: expected 1-255")
            .hasMessageContaining("priority = 0: expected 1-255")
            .hasMessageContaining("advertIntervalMillis = 15: VRRPv3 accepts 10-40950 in steps of 10")
            .hasMessageContaining("preempt = 'maybe': expected true or false")
            .hasMessageContaining("virtualAddresses holds '10.0.0.300'")
            .hasMessageContaining("virtualAddresses holds 'vip.example.com'");
    }

    @Test
    void vridAndVirtualAddressesAreRequired() {
        assertThatThrownBy(() -> InstanceOptions.parse(Map.of("name", "a")))
            .hasMessageContaining("vrid is missing: expected 1-255")
            .hasMessageContaining("virtualAddresses is empty");
    }

    @Test
    void allowedPeersAreTheSourcesAdvertsAreTakenFromElseTheUnicastPeers() throws Exception {
        InstanceOptions open = InstanceOptions.parse(Map.of("name", "a", "vrid", "1", "virtualAddresses", "10.0.0.1"));
        InstanceOptions unicast = InstanceOptions.parse(Map.of("name", "a", "vrid", "1", "virtualAddresses",
            "10.0.0.1", "unicastPeers", "10.0.0.12"));
        InstanceOptions listed = InstanceOptions.parse(Map.of("name", "a", "vrid", "1", "virtualAddresses",
            "10.0.0.1", "unicastPeers", "10.0.0.12", "allowedPeers", "10.0.0.12, 10.0.0.13"));

        assertThat(open.allowedSources()).isEmpty();
        assertThat(unicast.allowedSources()).containsExactly(InetAddress.getByName("10.0.0.12"));
        assertThat(listed.allowedSources()).containsExactly(InetAddress.getByName("10.0.0.12"),
            InetAddress.getByName("10.0.0.13"));
    }

    @Test
    void allowedPeersOfTheWrongFamilyOrWithoutAUnicastPeerAreRefused() {
        assertThatThrownBy(() -> InstanceOptions.parse(Map.of("name", "a", "vrid", "1", "virtualAddresses",
            "10.0.0.1", "allowedPeers", "fd00::12")))
            .hasMessageContaining("allowedPeers holds 'fd00::12': expected IPv4 address literals");
        assertThatThrownBy(() -> InstanceOptions.parse(Map.of("name", "a", "vrid", "1", "virtualAddresses",
            "10.0.0.1", "unicastPeers", "10.0.0.12, 10.0.0.14", "allowedPeers", "10.0.0.12")))
            .hasMessageContaining("allowedPeers lacks unicast peer 10.0.0.14: its adverts would be dropped");
    }

    @Test
    void version2IntervalsAreWholeSeconds() {
        assertThatThrownBy(() -> InstanceOptions.parse(Map.of("name", "a", "vrid", "1", "version", "2",
            "advertIntervalMillis", "1500", "virtualAddresses", "10.0.0.1")))
            .hasMessageContaining("VRRPv2 accepts 1000-255000 in steps of 1000");
    }
}
