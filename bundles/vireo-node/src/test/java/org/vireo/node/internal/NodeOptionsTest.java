package org.vireo.node.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.node.Role;

class NodeOptionsTest {

    private static final Map<String, String> NO_ENV = Map.of();

    @Test
    void anEmptyConfigurationGivesTheHostNameTheAllInOneRoleAndEth0() {
        NodeOptions o = NodeOptions.parse(Map.of(), NO_ENV, "appliance-7");

        assertThat(o.name()).isEqualTo("appliance-7");
        assertThat(o.role()).isEqualTo(Role.DIRECTOR);
        assertThat(o.alsoScan()).isTrue();
        assertThat(o.interfaceName()).isEqualTo("eth0");
        assertThat(o.managementAddress()).isEmpty();
        assertThat(o.roleFromConfiguration()).isFalse();
    }

    @Test
    void aRoleGivenAnywhereDoesNotAlsoScanUnlessAskedAndTheAllInOneCanBeToldNotTo() {
        assertThat(NodeOptions.parse(Map.of(), Map.of("VIREO_ROLE", "director"), "h").alsoScan()).isFalse();
        assertThat(NodeOptions.parse(Map.of("role", "backup"), NO_ENV, "h").alsoScan()).isFalse();
        assertThat(NodeOptions.parse(Map.of("role", "backup", "alsoScan", "true"), NO_ENV, "h").alsoScan()).isTrue();
        NodeOptions notScanning = NodeOptions.parse(Map.of("alsoScan", "false"), NO_ENV, "h");
        assertThat(notScanning.role()).isEqualTo(Role.DIRECTOR);
        assertThat(notScanning.alsoScan()).isFalse();
    }

    @Test
    void theEnvironmentPicksRoleAndNameOnlyWhereTheConfigurationIsSilent() {
        Map<String, String> env = Map.of("VIREO_ROLE", "Director", "VIREO_NODE_NAME", "ns1");

        NodeOptions fromEnv = NodeOptions.parse(Map.of("name", ""), env, "host");
        assertThat(fromEnv.role()).isEqualTo(Role.DIRECTOR);
        assertThat(fromEnv.name()).isEqualTo("ns1");
        assertThat(fromEnv.roleFromConfiguration()).isFalse();

        NodeOptions fromConfig = NodeOptions.parse(Map.of("role", "backup", "name", "ns2"), env, "host");
        assertThat(fromConfig.role()).isEqualTo(Role.BACKUP);
        assertThat(fromConfig.name()).isEqualTo("ns2");
        assertThat(fromConfig.roleFromConfiguration()).isTrue();
    }

    @Test
    void acceptsAFullConfiguration() {
        NodeOptions o = NodeOptions.parse(Map.of("name", "ns1", "managementAddress", "2001:db8::10",
            "interfaceName", "veth-ns1.0", "role", " director ", "alsoScan", "true"), NO_ENV, "host");

        assertThat(o.managementAddress()).contains("2001:db8::10");
        assertThat(o.interfaceName()).isEqualTo("veth-ns1.0");
        assertThat(o.role()).isEqualTo(Role.DIRECTOR);
        assertThat(o.alsoScan()).isTrue();
    }

    @Test
    void alsoScanIsMeaninglessForAScanner() {
        assertThat(NodeOptions.parse(Map.of("role", "scanner", "alsoScan", "true"), NO_ENV, "h").alsoScan())
            .isFalse();
    }

    @Test
    void aBadRoleIsRefusedNamingThePidTheKeyTheValueAndTheAcceptedRoles() {
        assertThatThrownBy(() -> NodeOptions.parse(Map.of("role", "master"), NO_ENV, "h"))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("configuration org.vireo.node refused: role = 'master': accepted roles are"
                + " director, backup, scanner");
    }

    @Test
    void aBadRoleInTheEnvironmentIsRefusedNamingTheVariable() {
        assertThatThrownBy(() -> NodeOptions.parse(Map.of(), Map.of("VIREO_ROLE", "boss"), "h"))
            .hasMessageContaining("environment variable VIREO_ROLE = 'boss'");
    }

    @Test
    void everyBadKeyIsReportedAtOnce() {
        assertThatThrownBy(() -> NodeOptions.parse(Map.of("managementAddress", "mgmt.example.com",
            "interfaceName", "this-name-is-far-too-long", "alsoScan", "yes", "name", "-bad"), NO_ENV, "h"))
            .hasMessageContaining("managementAddress = 'mgmt.example.com': expected an IPv4 or IPv6 address literal")
            .hasMessageContaining("interfaceName = 'this-name-is-far-too-long'")
            .hasMessageContaining("alsoScan = 'yes': expected true or false")
            .hasMessageContaining("name = '-bad'");
    }

    @Test
    void managementAddressMustBeALiteral() {
        assertThat(NodeOptions.parse(Map.of("managementAddress", "192.0.2.10"), NO_ENV, "h").managementAddress())
            .contains("192.0.2.10");
        assertThatThrownBy(() -> NodeOptions.parse(Map.of("managementAddress", "192.0.2.300"), NO_ENV, "h"))
            .hasMessageContaining("managementAddress = '192.0.2.300'");
        assertThatThrownBy(() -> NodeOptions.parse(Map.of("managementAddress", "2001:db8::g"), NO_ENV, "h"))
            .hasMessageContaining("managementAddress = '2001:db8::g'");
    }
}
