package org.vireo.node;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;

import org.junit.jupiter.api.Test;

class RoleTest {

    @Test
    void parsesLabelsIgnoringCaseAndBlanks() {
        assertThat(Role.parse(" Director")).isEqualTo(Role.DIRECTOR);
        assertThat(Role.parse("backup")).isEqualTo(Role.BACKUP);
        assertThat(Role.parse("SCANNER")).isEqualTo(Role.SCANNER);
    }

    @Test
    void anUnknownRoleNamesTheAcceptedOnes() {
        assertThatThrownBy(() -> Role.parse("master"))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessage("unknown role 'master': accepted roles are director, backup, scanner");
        assertThatThrownBy(() -> Role.parse(null)).hasMessageContaining("unknown role 'null'");
    }

    @Test
    void eachRoleHasItsOwnFeature() {
        assertThat(Role.DIRECTOR.feature()).isEqualTo("vireo-director");
        assertThat(Role.BACKUP.feature()).isEqualTo("vireo-backup");
        assertThat(Role.SCANNER.feature()).isEqualTo("vireo-scanner");
    }

    @Test
    void aDirectorOrBackupThatAlsoScansAddsTheScannerFeatureAScannerDoesNot() {
        assertThat(Role.DIRECTOR.features(false)).containsExactly("vireo-director");
        assertThat(Role.BACKUP.features(true)).containsExactly("vireo-backup", "vireo-scanner");
        assertThat(Role.SCANNER.features(true)).containsExactly("vireo-scanner");
    }

    @Test
    void aChangeDescribesWhatWasInstalledAndUninstalled() {
        RoleChange c = new RoleChange(Role.SCANNER, false, Role.DIRECTOR, true,
            Set.of("vireo-director"), Set.of());
        assertThat(c.describe()).isEqualTo(
            "role scanner -> director (also scanning): installed vireo-director; uninstalled nothing");
        RoleChange first = new RoleChange(null, false, Role.BACKUP, false, Set.of("vireo-backup"), Set.of());
        assertThat(first.describe()).startsWith("role none -> backup");
    }
}
