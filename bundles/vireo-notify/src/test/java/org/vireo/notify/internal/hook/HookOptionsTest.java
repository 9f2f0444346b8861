package org.vireo.notify.internal.hook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.config.testing.MetatypeAgreement;

class HookOptionsTest {

    @Test
    void aHookNeedsANameAndAnAbsoluteCommand_theRestHasDefaults() {
        HookOptions o = HookOptions.parse(Map.of("name", "web", "command", "/etc/vireo/notify.sh"));

        assertThat(o.name()).isEqualTo("web");
        assertThat(o.command()).isEqualTo(Path.of("/etc/vireo/notify.sh"));
        assertThat(o.arguments()).isEmpty();
        assertThat(o.events().patterns()).containsExactly("vrrp.transition");
        assertThat(o.timeoutMillis()).isEqualTo(10_000);
    }

    @Test
    void listsReadFromACfgLine() {
        HookOptions o = HookOptions.parse(Map.of("name", "all", "command", "/bin/logger", "arguments", "-t, vireo",
            "events", "health.*, vrrp.transition", "timeoutSeconds", "3"));

        assertThat(o.arguments()).containsExactly("-t", "vireo");
        assertThat(o.events().takes("health.monitor")).isTrue();
        assertThat(o.events().takes("vrrp.transition")).isTrue();
        assertThat(o.events().takes("vrrp.priority")).isFalse();
        assertThat(o.timeoutMillis()).isEqualTo(3000);
    }

    @Test
    void everyBadKeyIsNamedWithWhatIsAccepted() {
        assertThatThrownBy(() -> HookOptions.parse(Map.of("name", "web", "command", "notify.sh", "events", "VRRP",
            "timeoutSeconds", "0", "timout", "5")))
            .hasMessageStartingWith("configuration org.vireo.notify.hook hook 'web' refused: ")
            .hasMessageContaining("command = 'notify.sh': expected an absolute path")
            .hasMessageContaining("events holds 'VRRP': expected an event type")
            .hasMessageContaining("timeoutSeconds")
            .hasMessageContaining("timout");
        assertThatThrownBy(() -> HookOptions.parse(Map.of("command", "/bin/true")))
            .hasMessageContaining("name is missing");
        assertThatThrownBy(() -> HookOptions.parse(Map.of("name", "x", "command", "/bin/true", "events", "")))
            .hasMessageContaining("events is empty");
    }

    @Test
    void aHookThatHoldsReleasesMayTakeNoEvent_anOrdinaryOneMustTakeSome() {
        HookOptions preRelease = HookOptions.parse(Map.of("name", "drain", "command", "/bin/true", "events", "",
            "holdReleaseSeconds", "5"));

        assertThat(preRelease.holdReleaseMillis()).isEqualTo(5_000);
        assertThat(preRelease.events().takes("vrrp.transition")).isFalse();
        assertThat(HookOptions.parse(Map.of("name", "n", "command", "/bin/true")).holdReleaseMillis()).isZero();
        assertThatThrownBy(() -> HookOptions.parse(Map.of("name", "n", "command", "/bin/true", "events", "")))
            .hasMessageContaining("events is empty");
        assertThatThrownBy(() -> HookOptions.parse(Map.of("name", "n", "command", "/bin/true",
            "holdReleaseSeconds", "601"))).hasMessageContaining("holdReleaseSeconds = 601");
    }

    @Test
    void metatypeAndParseAgree() {
        assertThat(MetatypeAgreement.of(HookOptions.FACTORY_PID, HookConfig.class, HookOptions::parse)
            .with("name", "t").with("command", "/bin/true")
            .documented(Path.of("../../docs/configuration.md")).disagreements()).isEmpty();
    }

    @Test
    void aPartOrEverything() {
        HookOptions o = HookOptions.parse(Map.of("name", "n", "command", "/bin/true", "events", List.of("*")));
        assertThat(o.events().takes("cluster.member_left")).isTrue();
    }
}
