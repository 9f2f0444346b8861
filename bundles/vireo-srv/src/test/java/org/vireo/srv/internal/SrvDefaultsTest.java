package org.vireo.srv.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;

import org.junit.jupiter.api.Test;

class SrvDefaultsTest {

    @Test
    void aRefusedChangeKeepsTheLastGoodOptionsAndSaysWhy() {
        SrvDefaults defaults = new SrvDefaults();
        defaults.configure(Map.of("defaultPort", "8443"));

        defaults.configure(Map.of("defaultPort", "8443", "service", "proxy"));

        assertThat(defaults.options().defaultPort()).isEqualTo(8443);
        assertThat(defaults.options().service()).isEqualTo("_vireo-proxy._tcp");
        assertThat(defaults.refusedConfiguration()).hasValueSatisfying(why ->
            assertThat(why).startsWith("configuration org.vireo.srv refused: service 'proxy'"));

        defaults.configure(Map.of("defaultPort", "9443"));

        assertThat(defaults.options().defaultPort()).isEqualTo(9443);
        assertThat(defaults.refusedConfiguration()).isEmpty();
    }

    @Test
    void aConfigurationRefusedAtStartLeavesTheDefaults() {
        SrvDefaults defaults = new SrvDefaults();

        defaults.configure(Map.of("staggerMillis", "forever"));

        assertThat(defaults.options()).isEqualTo(SrvOptions.DEFAULTS);
        assertThat(defaults.refusedConfiguration()).isPresent();
    }
}
