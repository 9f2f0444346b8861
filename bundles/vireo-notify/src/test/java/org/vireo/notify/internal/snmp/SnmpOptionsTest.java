package org.vireo.notify.internal.snmp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.config.testing.MetatypeAgreement;
import org.vireo.notify.snmp.UsmProtocol;
import org.vireo.notify.snmp.EngineId;

class SnmpOptionsTest {

    @Test
    void aV2cTrapSinkNeedsANameAHostAndACommunity_theRestHasDefaults() {
        SnmpOptions options = SnmpOptions.parse(Map.of("name", "nms", "host", "192.0.2.9", "community", "s3cret"));

        assertThat(options.port()).isEqualTo(162);
        assertThat(options.v3()).isFalse();
        assertThat(options.inform()).isFalse();
        assertThat(options.events().patterns()).containsExactly("vrrp.transition", "vrrp.protocol_error");
        assertThat(options.target()).isEqualTo("udp:192.0.2.9/162 v2c trap");
        assertThat(options.toString()).doesNotContain("s3cret");
    }

    @Test
    void aV3SinkTakesSha256AndAes128ByDefault_andItsEngineIdFromTheNodesName() {
        SnmpOptions options = SnmpOptions.parse(Map.of("name", "nms", "host", "nms.example", "version", "v3",
            "notification", "INFORM", "user", "ops", "authPassphrase", "auth-secret", "privPassphrase", "priv-secret",
            SnmpOptions.NODE_PROPERTY, "n1"));

        assertThat(options.user().auth()).isEqualTo(UsmProtocol.SHA_256);
        assertThat(options.user().priv()).isEqualTo(UsmProtocol.AES_128);
        assertThat(options.inform()).isTrue();
        assertThat(options.engineId()).isEqualTo(EngineId.derived("n1")).isNotEqualTo(EngineId.derived("n2"));
        assertThat(options.toString()).contains("ops (authPriv, SHA-256, AES-128)").doesNotContain("secret");
    }

    @Test
    void everyBadKeyIsNamedWithWhatIsAccepted_neverAPassphrase() {
        assertThatThrownBy(() -> SnmpOptions.parse(Map.of("name", "nms", "host", "nms example", "port", "0",
            "version", "v1", "notification", "push", "community", "public", "timeoutMillis", "5",
            "events", "vrrp.transition, health.*")))
            .hasMessageStartingWith("configuration org.vireo.notify.snmp SNMP sink 'nms' refused: ")
            .hasMessageContaining("host = 'nms example': expected a host name or an address")
            .hasMessageContaining("port = 0: expected 1-65535")
            .hasMessageContaining("version = 'v1': expected v2c or v3")
            .hasMessageContaining("notification = 'push': expected trap or inform")
            .hasMessageContaining("timeoutMillis = 5: expected 100-60000")
            .hasMessageContaining("events holds 'health.*': an SNMP sink sends vrrp.transition (vrrpv3NewMaster) and"
                + " vrrp.protocol_error (vrrpv3ProtoError) only");
        assertThatThrownBy(() -> SnmpOptions.parse(Map.of("name", "nms", "host", "h", "version", "v3", "user", "ops",
            "authProtocol", "MD5", "authPassphrase", "short", "privProtocol", "DES", "privPassphrase", "tiny-one",
            "community", "public", "engineId", "0xzz")))
            .hasMessageContaining("authProtocol = 'MD5': expected one of SHA, SHA-224, SHA-256, SHA-384, SHA-512")
            .hasMessageContaining("privProtocol = 'DES': expected one of AES-128, AES-192, AES-256")
            .hasMessageContaining("authPassphrase has 5 characters: expected 8-256")
            .hasMessageContaining("community is set, but it is for version v2c only")
            .hasMessageContaining("engineId = '0xzz': expected 5-32 bytes in hex")
            .hasMessageNotContaining("short").hasMessageNotContaining("tiny-one");
    }

    @Test
    void aV2cSinkWithoutACommunity_orWithV3Keys_isRefused() {
        assertThatThrownBy(() -> SnmpOptions.parse(Map.of("name", "nms", "host", "h", "user", "ops",
            "privPassphrase", "priv-secret")))
            .hasMessageContaining("community is missing: expected 1-64 printable characters")
            .hasMessageContaining("user is set, but it is for version v3 only")
            .hasMessageContaining("privPassphrase is set, but it is for version v3 only")
            .hasMessageNotContaining("priv-secret");
        assertThatThrownBy(() -> SnmpOptions.parse(Map.of("name", "nms", "host", "h", "version", "v3")))
            .hasMessageContaining("user is missing")
            .hasMessageContaining("authPassphrase is missing: expected 8-256 characters");
    }

    @Test
    void aConfiguredEngineIdIsTakenAsItIs() {
        SnmpOptions options = SnmpOptions.parse(Map.of("name", "nms", "host", "h", "version", "v3", "user", "ops",
            "authPassphrase", "auth-secret", "privPassphrase", "priv-secret", "engineId", "0x80001F8880AABBCCDD"));

        assertThat(options.engineId()).hasToString("0x80001f8880aabbccdd");
    }

    @Test
    void metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of(SnmpOptions.FACTORY_PID, SnmpConfig.class, SnmpOptions::parse)
            .with("name", "t").with("host", "127.0.0.1").with("community", "public")
            .when("version", "v3", "community=", "user=ops", "authPassphrase=auth-pass", "privPassphrase=priv-pass")
            .documented(Path.of("../../docs/configuration.md")).disagreements()).isEmpty();
    }
}
