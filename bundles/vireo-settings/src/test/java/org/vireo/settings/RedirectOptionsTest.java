package org.vireo.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class RedirectOptionsTest {

    @Test
    void defaultsAreOffOnPort8480ForTheProxyService() {
        RedirectOptions o = RedirectOptions.parse(Map.of());
        assertThat(o.enabled()).isFalse();
        assertThat(o.port()).isEqualTo(8480);
        assertThat(o.path()).isEqualTo("/vireo/login");
        assertThat(o.service()).isEqualTo("vireo-proxy");
        assertThat(o.margin()).isEqualTo(0.10);
        assertThat(o.connectionsAtFullLoad()).isEqualTo(1000);
        assertThat(o.bindAddress()).isEmpty();
        assertThat(o.advertisedUrl("192.0.2.5")).hasValue("http://192.0.2.5:8480/vireo/login");
    }

    @Test
    void theAdvertisedHostIsTheConfiguredOneElseTheBindAddressElseTheClusterAddress() {
        assertThat(RedirectOptions.parse(Map.of("advertisedHost", "n1.example", "bindAddress", "10.0.0.1"))
            .advertisedUrl("192.0.2.5")).hasValue("http://n1.example:8480/vireo/login");
        assertThat(RedirectOptions.parse(Map.of("bindAddress", "10.0.0.1", "port", "80", "path", "/login"))
            .advertisedUrl("192.0.2.5")).hasValue("http://10.0.0.1:80/login");
        assertThat(RedirectOptions.parse(Map.of("bindAddress", "::")).advertisedUrl("fd00::5"))
            .hasValue("http://[fd00::5]:8480/vireo/login");
        assertThat(RedirectOptions.parse(Map.of()).advertisedUrl("")).as("outside a cluster, nothing set").isEmpty();
        assertThat(RedirectOptions.parse(Map.of("keystore", "/etc/vireo/node.p12", "keystorePassword", "pw"))
            .advertisedUrl("192.0.2.5")).as("with a keystore").hasValue("https://192.0.2.5:8480/vireo/login");
        assertThat(RedirectOptions.parse(Map.of("advertisedHost", "Enabled")).advertisedHost())
            .isEqualTo(Optional.of("Enabled"));
    }

    @Test
    void everyBadValueIsNamedWithWhatIsAccepted() {
        assertThatThrownBy(() -> RedirectOptions.parse(Map.of("enabled", "yes", "port", "0", "path", "login",
            "service", "a b", "margin", "2", "connectionsAtFullLoad", "x", "bindAddress", "n1.example",
            "advertisedHost", "h:80", "keystore", "node.p12")))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageStartingWith("configuration org.vireo.srv.redirect / org.vireo.srv.redirect.local refused: ")
            .hasMessageContaining("enabled = 'yes': expected true or false")
            .hasMessageContaining("port = 0: expected 1-65535")
            .hasMessageContaining("path = 'login': expected an absolute path")
            .hasMessageContaining("service = 'a b': expected 1-63 letters")
            .hasMessageContaining("margin = '2': expected a number from 0 to 1")
            .hasMessageContaining("connectionsAtFullLoad = 'x': expected a whole number")
            .hasMessageContaining("bindAddress = 'n1.example': expected an IPv4 or IPv6 literal")
            .hasMessageContaining("advertisedHost = 'h:80': expected a host name or an IP literal, without port")
            .hasMessageContaining("keystore = 'node.p12': expected an absolute path to a PKCS12 file");
        assertThatThrownBy(() -> RedirectOptions.parse(Map.of("keystore", "/etc/vireo/node.p12")))
            .hasMessageContaining("keystorePassword is missing: expected the password of /etc/vireo/node.p12");
        assertThat(RedirectOptions.parse(Map.of("keystore", "/k.p12", "keystorePassword", "s3cret")).toString())
            .doesNotContain("s3cret");
    }
}
