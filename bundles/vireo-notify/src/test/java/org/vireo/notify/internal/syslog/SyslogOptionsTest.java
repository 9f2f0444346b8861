package org.vireo.notify.internal.syslog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.config.testing.MetatypeAgreement;

class SyslogOptionsTest {

    @Test
    void aCollectorNeedsANameAndAHost_theTransportSetsThePort() {
        SyslogOptions udp = SyslogOptions.parse(Map.of("name", "central", "host", "logs.example"));
        SyslogOptions tls = SyslogOptions.parse(Map.of("name", "central", "host", "logs.example", "transport", "TLS"));

        assertThat(udp.transport()).isEqualTo(SyslogOptions.Transport.UDP);
        assertThat(udp.port()).isEqualTo(514);
        assertThat(udp.facility()).isEqualTo(3); // daemon
        assertThat(udp.sdId()).isEqualTo("vireo@32473");
        assertThat(tls.port()).isEqualTo(6514);
    }

    @Test
    void everyBadKeyIsNamedWithWhatIsAccepted() {
        assertThatThrownBy(() -> SyslogOptions.parse(Map.of("name", "c", "host", "logs example", "transport", "relp",
            "facility", "local9", "sdId", "vireo", "caFile", "/etc/vireo/ca.pem")))
            .hasMessageStartingWith("configuration org.vireo.notify.syslog syslog sink 'c' refused: ")
            .hasMessageContaining("host = 'logs example': expected a host name or an address")
            .hasMessageContaining("transport = 'relp': expected udp, tcp or tls")
            .hasMessageContaining("facility = 'local9': expected one of kern, user")
            .hasMessageContaining("sdId = 'vireo': expected name@enterprise-number")
            .hasMessageContaining("caFile = '/etc/vireo/ca.pem': cannot read its certificates");
        assertThatThrownBy(() -> SyslogOptions.parse(Map.of("name", "c")))
            .hasMessageContaining("host is missing");
    }

    @Test
    void metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of(SyslogOptions.FACTORY_PID, SyslogConfig.class, SyslogOptions::parse)
            .with("name", "t").with("host", "127.0.0.1").unsetMeans("port", "the transport's standard port")
            .documented(Path.of("../../docs/configuration.md")).disagreements()).isEmpty();
    }
}
