package org.vireo.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class SettingTest {

    /** A declaration as a PID's metatype annotation is one (the metatype annotations themselves are not needed). */
    @interface Example {
        int port() default 8443;

        String name();

        boolean tls() default true;

        String[] members() default {"a", "", "b"};

        int transport_target() default 0;

        String odd$$name$_$x() default "";

        double share() default 0.25;
    }

    @Test
    void aSettingIsTheMethodsNameTypeAndDefault() {
        Setting<Integer> port = Setting.of(Example.class, Example::port);

        assertThat(port.key()).isEqualTo("port");
        assertThat(port.type()).isEqualTo(int.class);
        assertThat(port.defaultValue()).isEqualTo(8443);
        assertThat(port.required()).isFalse();
        assertThat(Setting.of(Example.class, Example::tls).defaultValue()).isTrue();
        assertThat(Setting.of(Example.class, Example::members).defaultList()).containsExactly("a", "b");
        assertThat(Setting.of(Example.class, Example::share).defaultValue()).isEqualTo(0.25);
    }

    @Test
    void anAttributeWithoutADefaultIsRequiredAndHasNone() {
        Setting<String> name = Setting.of(Example.class, Example::name);

        assertThat(name.required()).isTrue();
        assertThatThrownBy(name::defaultValue).isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("name has no declared default");
    }

    @Test
    void methodNamesMapToKeysAsDsAndBndMapThem() {
        assertThat(Setting.of(Example.class, Example::transport_target).key()).isEqualTo("transport.target");
        assertThat(Setting.of(Example.class, Example::odd$$name$_$x).key()).isEqualTo("odd$name-x");
        assertThat(Setting.key("a__b$c")).isEqualTo("a_bc");
    }

    @Test
    void anAccessorThatReadsNoAttributeOrTwoIsRefused() {
        assertThatThrownBy(() -> Setting.of(Example.class, e -> 1)).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("read 0");
        assertThatThrownBy(() -> Setting.of(Example.class, e -> e.port() + e.share()))
            .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("read 2");
    }

    @Test
    void valuesOfADeclaredKeyFallBackToItsDeclaredDefault() {
        List<String> errors = new ArrayList<>();
        Map<String, Object> raw = Map.of("tls", "maybe", "name", " n1 ", "port", "70000");

        assertThat(ConfigValues.integer(Map.of(), Setting.of(Example.class, Example::port), 1, 65535, errors))
            .isEqualTo(8443);
        assertThat(ConfigValues.integer(raw, Setting.of(Example.class, Example::port), 1, 65535, errors))
            .isEqualTo(70000);
        assertThat(ConfigValues.bool(raw, Setting.of(Example.class, Example::tls), errors)).isTrue();
        assertThat(ConfigValues.text(raw, Setting.of(Example.class, Example::name))).isEqualTo("n1");
        assertThat(ConfigValues.text(Map.of(), Setting.of(Example.class, Example::name))).isEmpty();
        assertThat(ConfigValues.list(Map.of(), Setting.of(Example.class, Example::members))).containsExactly("a", "b");
        assertThat(ConfigValues.list(Map.of("members", ""), Setting.of(Example.class, Example::members))).isEmpty();
        assertThat(ConfigValues.decimal(Map.of(), Setting.of(Example.class, Example::share), v -> true, "any", errors))
            .isEqualTo(0.25);
        assertThat(errors).containsExactly("port = 70000: expected 1-65535", "tls = 'maybe': expected true or false");
    }

    @Test
    void aRequiredNumberAbsentIsAnError() {
        List<String> errors = new ArrayList<>();
        Setting<Integer> required = Setting.of(Required.class, Required::vrid);

        ConfigValues.integer(Map.of(), required, 1, 255, errors);

        assertThat(errors).containsExactly("vrid is missing: expected 1-255");
    }

    @interface Required {
        int vrid();
    }
}
