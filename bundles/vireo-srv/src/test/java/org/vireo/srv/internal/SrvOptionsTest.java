package org.vireo.srv.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.Reader;
import java.lang.reflect.Method;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SrvOptionsTest {

    @Test
    void anEmptyConfigurationGivesTheDefaults() {
        SrvOptions o = SrvOptions.parse(Map.of());

        assertThat(o).isEqualTo(SrvOptions.DEFAULTS);
        assertThat(o.dnsServers()).as("the system's resolvers").isEmpty();
        assertThat(o.service()).isEqualTo("_vireo-proxy._tcp");
        assertThat(o.defaultPort()).isEqualTo(443);
        assertThat(o.timeoutMillis()).isEqualTo(2000);
        assertThat(o.retries()).isEqualTo(1);
        assertThat(o.tcpFallback()).isTrue();
        assertThat(o.scheme()).isEqualTo("https");
        assertThat(o.path()).isEqualTo("/");
        assertThat(o.staggerMillis()).isEqualTo(250);
    }

    @Test
    void theMetatypeDefaultsAreTheDefaults() throws Exception {
        Map<String, Object> fromMetatype = new HashMap<>();
        for (Method m : SrvConfig.class.getDeclaredMethods()) {
            if (m.getDefaultValue() != null) {
                fromMetatype.put(m.getName(), String.valueOf(m.getDefaultValue()));
            }
        }

        assertThat(fromMetatype).hasSize(11);
        assertThat(SrvOptions.parse(fromMetatype)).isEqualTo(SrvOptions.DEFAULTS);
    }

    @Test
    void theShippedCfgFileHoldsTheDefaults() throws Exception {
        Properties shipped = new Properties();
        try (Reader in = Files.newBufferedReader(Path.of("../../config/org.vireo.srv.cfg"))) {
            shipped.load(in);
        }
        Map<String, Object> raw = new HashMap<>();
        shipped.forEach((k, v) -> raw.put((String) k, v));

        assertThat(raw).hasSize(13);
        assertThat(SrvOptions.parse(raw)).isEqualTo(SrvOptions.DEFAULTS);
    }

    @Test
    void aCfgFileIsReadAsText() throws Exception {
        SrvOptions o = SrvOptions.parse(Map.ofEntries(Map.entry("dnsServers", "10.0.0.53, [fd00::53]:5353"),
            Map.entry("service", "_ideco-client._tcp"), Map.entry("defaultPort", "8443"),
            Map.entry("timeoutMillis", "500"), Map.entry("retries", "0"), Map.entry("tcpFallback", "false"),
            Map.entry("scheme", "http"), Map.entry("path", "/vireo/hello"), Map.entry("connectTimeoutMillis", "700"),
            Map.entry("requestTimeoutMillis", "3000"), Map.entry("staggerMillis", "0"),
            Map.entry("resolutionDelayMillis", "20")));

        assertThat(o.dnsServers()).containsExactly(new InetSocketAddress(InetAddress.getByName("10.0.0.53"), 53),
            new InetSocketAddress(InetAddress.getByName("fd00::53"), 5353));
        assertThat(o).isEqualTo(new SrvOptions(o.dnsServers(), "_ideco-client._tcp", 8443, 500, 0, false, "http",
            "/vireo/hello", 700, 3000, 0, 20, ""));
        assertThat(o.connectorSettings().stagger()).isZero();
        assertThat(o.connectorSettings().resolutionDelay()).hasMillis(20);
    }

    @Test
    void metatypeArraysAreReadToo() {
        SrvOptions o = SrvOptions.parse(Map.of("dnsServers", new String[] {"127.0.0.1:5300"}));

        assertThat(o.effectiveDnsServers()).extracting(InetSocketAddress::getPort).containsExactly(5300);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "dnsServers           | dns.example          | dnsServers dns.example: expected an IP address, optionally with :port (53 when none)",
        "dnsServers           | 10.0.0.1:0           | dnsServers 10.0.0.1:0: expected an IP address",
        "service              | vireo-proxy          | service 'vireo-proxy': expected _<name>._tcp or _<name>._udp",
        "defaultPort          | 0                    | defaultPort = 0: expected 1-65535",
        "defaultPort          | https                | defaultPort = 'https': expected a whole number, 1-65535",
        "timeoutMillis        | 5                    | timeoutMillis = 5: expected 10-60000",
        "retries              | 11                   | retries = 11: expected 0-10",
        "tcpFallback          | yes                  | tcpFallback = 'yes': expected true or false",
        "scheme               | ftp                  | scheme 'ftp': expected http or https",
        "path                 | hello                | path 'hello': expected an absolute path",
        "connectTimeoutMillis | 60001                | connectTimeoutMillis = 60001: expected 10-60000",
        "requestTimeoutMillis | 0                    | requestTimeoutMillis = 0: expected 10-600000",
        "staggerMillis        | -1                   | staggerMillis = -1: expected 0-60000 (0: one candidate after the other)",
        "resolutionDelayMillis | 2001               | resolutionDelayMillis = 2001: expected 0-2000 (RFC 8305 recommends 50)",
    })
    void aBadValueIsRefusedNamingThePidTheKeyTheValueAndWhatIsAccepted(String key, String value, String message) {
        assertThatThrownBy(() -> SrvOptions.parse(Map.of(key, value)))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("configuration org.vireo.srv refused: ")
            .hasMessageContaining(message);
    }

    @Test
    void everyBadKeyIsListedInOneRefusal() {
        assertThatThrownBy(() -> SrvOptions.parse(Map.of("defaultPort", "70000", "retries", "x")))
            .hasMessageContaining("defaultPort = 70000").hasMessageContaining("retries = 'x'");
    }

    @Test
    void optionsOverrideTheConfigurationAndAbsentOnesKeepIt() {
        SrvOptions node = SrvOptions.parse(Map.of("service", "_ideco-client._tcp", "defaultPort", "8443",
            "staggerMillis", "100"));
        Map<String, Object> given = new HashMap<>();
        given.put("--dns", List.of("127.0.0.1:5300"));
        given.put("--timeout", "300");
        given.put("--scheme", "http");
        given.put("--path", null); // an option not given

        SrvOptions o = node.withOptions(given);

        assertThat(o.dnsServers()).extracting(InetSocketAddress::getPort).containsExactly(5300);
        assertThat(o.timeoutMillis()).as("DNS").isEqualTo(300);
        assertThat(o.connectTimeoutMillis()).as("connections").isEqualTo(300);
        assertThat(o.scheme()).isEqualTo("http");
        assertThat(o.path()).isEqualTo("/");
        assertThat(o.service()).isEqualTo("_ideco-client._tcp");
        assertThat(o.defaultPort()).isEqualTo(8443);
        assertThat(o.staggerMillis()).isEqualTo(100);
    }

    @Test
    void aBadOptionIsRefusedUnderItsOwnName() {
        assertThatThrownBy(() -> SrvOptions.DEFAULTS.withOptions(Map.of("--port", "0")))
            .hasMessage("--port = 0: expected 1-65535");
        assertThatThrownBy(() -> SrvOptions.DEFAULTS.withOptions(Map.of("--timeout", "5")))
            .as("one option for two keys: said once").hasMessage("--timeout = 5: expected 10-60000");
        assertThatThrownBy(() -> SrvOptions.DEFAULTS.withOptions(Map.of("--dns", List.of("ns.example"))))
            .hasMessageStartingWith("--dns ns.example: expected an IP address");
        assertThatThrownBy(() -> SrvOptions.DEFAULTS.withOptions(Map.of("--stagger", "soon")))
            .hasMessage("--stagger = 'soon': expected a whole number, 0-60000 (0: one candidate after the other)");
        assertThatThrownBy(() -> SrvOptions.DEFAULTS.withOptions(Map.of("--trust", "/no/such/ca.crt")))
            .hasMessage("--trust = '/no/such/ca.crt': expected a readable PEM file of CA certificates (e.g. the"
                + " cluster CA's ca.crt), or nothing for the JDK's");
    }

    @Test
    void withoutDnsServersTheSystemsAreUsed() {
        assertThat(SrvOptions.DEFAULTS.effectiveDnsServers()).as("resolv.conf, else 127.0.0.1").isNotEmpty();
    }
}
