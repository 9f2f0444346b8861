package org.vireo.notify.internal.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.config.testing.MetatypeAgreement;

class WebhookOptionsTest {

    @TempDir
    Path dir;

    @Test
    void aWebhookNeedsANameAndAnHttpUrl_theRestHasDefaults() {
        WebhookOptions o = WebhookOptions.parse(Map.of("name", "ops", "url", "https://hooks.example/vireo"));

        assertThat(o.url()).isEqualTo(URI.create("https://hooks.example/vireo"));
        assertThat(o.secret()).isEmpty();
        assertThat(o.events().takes("cluster.member_left")).isTrue();
        assertThat(o.timeoutMillis()).isEqualTo(5000);
        assertThat(o.retries()).isEqualTo(5);
        assertThat(o.retryDelayMillis()).isEqualTo(500);
        assertThat(o.trusted()).isEmpty();
    }

    @Test
    void everyBadKeyIsNamedWithWhatIsAccepted() throws Exception {
        Path notPem = Files.writeString(dir.resolve("ca.pem"), "not a certificate");
        assertThatThrownBy(() -> WebhookOptions.parse(Map.of("name", "ops", "url", "ftp://hooks.example/",
            "retries", "99", "caFile", notPem.toString())))
            .hasMessageStartingWith("configuration org.vireo.notify.webhook webhook 'ops' refused: ")
            .hasMessageContaining("url = 'ftp://hooks.example/': expected an http:// or https:// URL")
            .hasMessageContaining("retries")
            .hasMessageContaining("caFile = '" + notPem + "'");
        assertThatThrownBy(() -> WebhookOptions.parse(Map.of("name", "ops", "url", "https://user:pw@hooks.example/")))
            .hasMessageContaining("without user information");
        assertThatThrownBy(() -> WebhookOptions.parse(Map.of("name", "ops")))
            .hasMessageContaining("url is missing");
    }

    @Test
    void metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of(WebhookOptions.FACTORY_PID, WebhookConfig.class, WebhookOptions::parse)
            .with("name", "t").with("url", "http://127.0.0.1/")
            .documented(Path.of("../../docs/configuration.md")).disagreements()).isEmpty();
    }
}
