package org.vireo.scanner.internal.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

class ProxyOptionsTest {

    @Test
    void emptyConfigurationGivesTheDocumentedDefaults() {
        ProxyOptions o = ProxyOptions.parse(Map.of());

        assertThat(o.listenAddress()).isEqualTo("0.0.0.0");
        assertThat(o.port()).isEqualTo(3128);
        assertThat(o.workerThreads()).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(o.maxHeaderSize()).isEqualTo(16_384);
        assertThat(o.maxHeaderCount()).isEqualTo(100);
        assertThat(o.maxInitialLine()).isEqualTo(8192);
        assertThat(o.idleTimeoutMillis()).isEqualTo(60_000);
        assertThat(o.headerTimeoutMillis()).isEqualTo(10_000);
        assertThat(o.connectPorts()).containsExactly(443);
        assertThat(o.xForwardedFor()).isFalse();
        assertThat(o.authUsers()).isEmpty();
        assertThat(o.directors()).isEmpty();
        assertThat(o.requireProxyHeader()).isTrue();
    }

    @Test
    void directorsAreAddressLiteralsNeverNames() throws Exception {
        ProxyOptions o = ProxyOptions.parse(Map.of("directors", "10.0.0.11, fd00::11", "requireProxyHeader", "false"));

        assertThat(o.directors()).containsExactlyInAnyOrder(InetAddress.getByName("10.0.0.11"),
            InetAddress.getByName("fd00::11"));
        assertThat(o.requireProxyHeader()).isFalse();
        assertThatThrownBy(() -> ProxyOptions.parse(Map.of("directors", "10.0.0.11, director1")))
            .hasMessageContaining("directors holds 'director1': expected IPv4 or IPv6 address literals");
    }

    @Test
    void listsComeAsCommaSeparatedTextOrArrays() {
        String hash = "a".repeat(64);
        ProxyOptions fromText = ProxyOptions.parse(Map.of("connectPorts", "443, 8443", "authUsers",
            "alice:" + hash + ",bob:" + hash.toUpperCase()));
        ProxyOptions fromArray = ProxyOptions.parse(Map.of("connectPorts", new String[] {"443", "8443"},
            "authUsers", new String[] {"alice:" + hash, "bob:" + hash}));

        assertThat(fromText.connectPorts()).isEqualTo(Set.of(443, 8443));
        assertThat(fromText.authUsers()).containsEntry("bob", hash).containsEntry("alice", hash);
        assertThat(fromArray).isEqualTo(fromText);
    }

    @Test
    void everyBadValueIsNamedWithWhatIsAccepted() {
        assertThatThrownBy(() -> ProxyOptions.parse(Map.of("port", "70000", "listenAddress", "example.com",
            "connectPorts", "443,https", "xForwardedFor", "yes", "authUsers", "alice:short",
            "maxHeaderCount", "many")))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining(ProxyOptions.PID)
            .hasMessageContaining("port = 70000: expected 0-65535")
            .hasMessageContaining("listenAddress = 'example.com': expected an IPv4 or IPv6 address literal")
            .hasMessageContaining("connectPorts holds 'https': expected port numbers 1-65535")
            .hasMessageContaining("xForwardedFor = 'yes': expected true or false")
            .hasMessageContaining("authUsers holds 'alice:...': expected user:sha256hex")
            .hasMessageContaining("maxHeaderCount = 'many': expected a whole number, 1-10000")
            .hasMessageNotContaining("short"); // a password hash, even a broken one, is not echoed
    }
}
