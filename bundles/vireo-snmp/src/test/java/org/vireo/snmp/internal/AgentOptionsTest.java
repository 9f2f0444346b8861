package org.vireo.snmp.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.config.testing.MetatypeAgreement;

class AgentOptionsTest {

    @Test
    void offByDefault_onLoopbackPort161() {
        AgentOptions options = AgentOptions.parse(Map.of());

        assertThat(options.enabled()).isFalse();
        assertThat(options.address()).isEqualTo("127.0.0.1");
        assertThat(options.port()).isEqualTo(161);
    }

    @Test
    void v2cAndV3AtOnce_describedWithoutSecrets() {
        AgentOptions options = AgentOptions.parse(Map.of("enabled", "true", "community", "ro-secret", "user", "ops",
            "authPassphrase", "auth-secret", "privPassphrase", "priv-secret", AgentOptions.NODE_PROPERTY, "n1"));

        assertThat(options.describe()).startsWith("udp:127.0.0.1/161 v2c, v3 user ops (authPriv, SHA-256, AES-128)"
            + " engine 0x80007ed905").doesNotContain("secret");
        assertThat(options.toString()).doesNotContain("secret");
    }

    @Test
    void enabledWithNobodyToAnswer_orBadValues_isRefusedByKey() {
        assertThatThrownBy(() -> AgentOptions.parse(Map.of("enabled", "true")))
            .hasMessage("configuration org.vireo.notify.snmp.agent refused: enabled = true, but neither community"
                + " (SNMPv2c) nor user (SNMPv3) is set: the agent would answer nobody");
        assertThatThrownBy(() -> AgentOptions.parse(Map.of("enabled", "yes", "address", "localhost", "port", "70000",
            "user", "ops", "authPassphrase", "1234567", "privPassphrase", "secret-priv", "privProtocol", "DES")))
            .hasMessageContaining("enabled = 'yes': expected true or false")
            .hasMessageContaining("address = 'localhost': expected an IP address of this node")
            .hasMessageContaining("port = 70000: expected 1-65535")
            .hasMessageContaining("authPassphrase has 7 characters: expected 8-256")
            .hasMessageContaining("privProtocol = 'DES': expected one of AES-128, AES-192, AES-256")
            .hasMessageNotContaining("1234567").hasMessageNotContaining("secret-priv");
    }

    @Test
    void metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of(AgentOptions.PID, AgentConfig.class, AgentOptions::parse)
            .documented(Path.of("../../docs/configuration.md")).disagreements()).isEmpty();
    }
}
