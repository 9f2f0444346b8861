package org.vireo.cluster.internal.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.api.Test;

class SyncOptionsTest {

    @Test
    void defaultsReplicateTheClusterWideSettingsAndPolicyFiles() {
        SyncOptions o = SyncOptions.parse(Map.of(), "/opt/vireo/etc");

        assertThat(o.replicatedPids()).containsExactly("org.vireo.balancer", "org.vireo.scanner.rules",
            "org.vireo.health.monitor~*", "org.vireo.srv.redirect", "org.vireo.srv.dns");
        assertThat(o.replicatedFiles()).contains("vireo/rules.conf");
        assertThat(o.stateDir()).isEqualTo(Path.of("/opt/vireo/etc/vireo/cluster/state"));
        assertThat(o.staleAfterMillis()).isEqualTo(2500);
        assertThat(o.reportMillis()).isEqualTo(1000);
    }

    @Test
    void badValuesAreAllNamedWithWhatIsAccepted() {
        assertThatThrownBy(() -> SyncOptions.parse(Map.of("replicatedFiles", "../x, org.vireo.node.cfg",
            "antiEntropySeconds", "0", "stateDir", "relative"), "/etc"))
            .hasMessageContaining("org.vireo.cluster refused")
            .hasMessageContaining("'../x'")
            .hasMessageContaining("'org.vireo.node.cfg'")
            .hasMessageContaining("antiEntropySeconds")
            .hasMessageContaining("stateDir = 'relative': expected an absolute path");
    }

    @Test
    void aStaleLimitBelowTwoReportsIsRefused() {
        assertThatThrownBy(() -> SyncOptions.parse(Map.of("reportMillis", "1000", "staleAfterMillis", "1500"), "/e"))
            .hasMessageContaining("staleAfterMillis = 1500: expected at least twice reportMillis (2000)");
    }
}
