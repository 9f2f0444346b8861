package org.vireo.cluster.internal.rest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

class ConfigJsonTest {

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String content(Map<String, Object> body, String current) {
        return new String(ConfigJson.content(body, Optional.ofNullable(current).map(ConfigJsonTest::text)),
            StandardCharsets.UTF_8);
    }

    @Test
    void propertiesShowAsTextAndListsOfText_secretsHidden() {
        assertThat(ConfigJson.view(text("keystorePassword = s3cret\nmembers[] = 10.0.0.1, 10.0.0.2\nport = 7800\n")))
            .containsExactly(Map.entry("keystorePassword", ConfigJson.HIDDEN),
                Map.entry("members", List.of("10.0.0.1", "10.0.0.2")), Map.entry("port", "7800"));
    }

    @Test
    void numbersBooleansAndListsBecomeTheirTextAsInACfgFile() {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("port", 3128);
        body.put("ratio", 0.25);
        body.put("enabled", true);
        body.put("members", List.of("10.0.0.1:7800", 7801));

        assertThat(content(body, null)).isEqualTo("enabled = true\nmembers[] = 10.0.0.1:7800, 7801\nport = 3128\n"
            + "ratio = 0.25\n");
    }

    @Test
    void aHiddenSecretGivenBackKeepsTheOneInForce_andANewOneReplacesIt() {
        assertThat(content(Map.of("keystorePassword", ConfigJson.HIDDEN), "keystorePassword = s3cret\n"))
            .isEqualTo("keystorePassword = s3cret\n");
        assertThat(content(Map.of("keystorePassword", "n3w"), "keystorePassword = s3cret\n"))
            .isEqualTo("keystorePassword = n3w\n");
        assertThatThrownBy(() -> content(Map.of("truststorePassword", ConfigJson.HIDDEN), "a = b\n"))
            .hasMessageContaining("keeps the secret in force, but the configuration has none");
    }

    @Test
    void anObjectANullOrAFrameworkKeyIsRefusedNamingTheKey() {
        assertThatThrownBy(() -> content(Map.of("port", Map.of("a", 1)), null))
            .hasMessageStartingWith("key 'port': a JSON object is no configuration value");
        Map<String, Object> withNull = new LinkedHashMap<>();
        withNull.put("port", null);
        assertThatThrownBy(() -> content(withNull, null)).hasMessageStartingWith("key 'port': null is no");
        assertThatThrownBy(() -> content(Map.of("service.pid", "x"), null))
            .hasMessageContaining("key 'service.pid' is Karaf's, file install's or DS's");
        assertThatThrownBy(() -> ConfigJson.content(null, Optional.empty())).hasMessageContaining("a JSON object");
    }
}
