package org.vireo.node.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Set;

import org.junit.jupiter.api.Test;
import org.vireo.node.Role;
import org.vireo.node.RoleChange;
import org.vireo.node.RoleChangeException;

class RoleSwitcherTest {

    private static final String CORE = "feature:vireo-core/[0.1.0.SNAPSHOT,0.1.0.SNAPSHOT]";
    private static final String SCR = "feature:scr/[4.4.10,4.4.10]";

    private final InMemoryFeatures karaf = new InMemoryFeatures(
        "vireo-core", "vireo-director", "vireo-backup", "vireo-scanner", "scr").require(SCR, CORE);
    private final RoleSwitcher switcher = new RoleSwitcher(karaf);

    @Test
    void firstStartInstallsTheRoleFeatureAndKeepsEverythingElse() throws Exception {
        RoleChange change = switcher.switchTo(Role.DIRECTOR, false);

        assertThat(change.from()).isNull();
        assertThat(change.installed()).containsExactly("vireo-director");
        assertThat(change.uninstalled()).isEmpty();
        assertThat(karaf.requirements).containsExactlyInAnyOrder(SCR, CORE, "feature:vireo-director/[0.1.0,0.1.0]");
    }

    @Test
    void switchingInstallsTheNewRoleBeforeItRemovesTheOld() throws Exception {
        karaf.require("feature:vireo-scanner/[0.1.0,0.1.0]");

        RoleChange change = switcher.switchTo(Role.BACKUP, false);

        assertThat(change.from()).isEqualTo(Role.SCANNER);
        assertThat(change.installed()).containsExactly("vireo-backup");
        assertThat(change.uninstalled()).containsExactly("vireo-scanner");
        assertThat(karaf.operations).containsExactly(
            "add [feature:vireo-backup/[0.1.0,0.1.0]]", "remove [feature:vireo-scanner/[0.1.0,0.1.0]]");
        assertThat(switcher.installedRoleFeatures()).containsExactly("vireo-backup");
        assertThat(karaf.requirements).contains(SCR, CORE);
    }

    @Test
    void removesTheOldRoleByTheExactRequirementKarafHolds() throws Exception {
        karaf.require("feature:vireo-backup/[0.1.0.SNAPSHOT,0.1.0.SNAPSHOT]");

        switcher.switchTo(Role.DIRECTOR, false);

        assertThat(karaf.requirements).containsExactlyInAnyOrder(SCR, CORE, "feature:vireo-director/[0.1.0,0.1.0]");
    }

    @Test
    void alsoScanAddsTheScannerToADirectorAndDroppingItRemovesOnlyTheScanner() throws Exception {
        karaf.require("feature:vireo-director/[0.1.0,0.1.0]");

        RoleChange on = switcher.switchTo(Role.DIRECTOR, true);
        assertThat(on.installed()).containsExactly("vireo-scanner");
        assertThat(on.toAlsoScan()).isTrue();

        RoleChange off = switcher.switchTo(Role.DIRECTOR, false);
        assertThat(off.fromAlsoScan()).isTrue();
        assertThat(off.uninstalled()).containsExactly("vireo-scanner");
        assertThat(switcher.installedRoleFeatures()).containsExactly("vireo-director");
    }

    @Test
    void alsoScanMeansNothingMoreForAScanner() throws Exception {
        karaf.require("feature:vireo-scanner/[0.1.0,0.1.0]");

        RoleChange change = switcher.switchTo(Role.SCANNER, true);

        assertThat(change.changed()).isFalse();
        assertThat(change.toAlsoScan()).isFalse();
        assertThat(karaf.operations).isEmpty();
    }

    @Test
    void theSameRoleAgainChangesNothing() throws Exception {
        karaf.require("feature:vireo-backup/[0.1.0,0.1.0]");

        RoleChange change = switcher.switchTo(Role.BACKUP, false);

        assertThat(change.changed()).isFalse();
        assertThat(change.describe()).isEqualTo("role is already backup: nothing changed");
        assertThat(karaf.operations).isEmpty();
    }

    @Test
    void aFeatureMissingFromTheRepositoriesIsRefusedBeforeAnythingChanges() {
        karaf.require("feature:vireo-scanner/[0.1.0,0.1.0]");
        karaf.catalogue.remove("vireo-director");
        Set<String> before = karaf.requirements();

        assertThatThrownBy(() -> switcher.switchTo(Role.DIRECTOR, false))
            .isInstanceOf(RoleChangeException.class)
            .hasMessageContaining("feature vireo-director is in no features repository")
            .hasMessageContaining("nothing changed");
        assertThat(karaf.requirements).isEqualTo(before);
        assertThat(karaf.operations).isEmpty();
    }

    @Test
    void aFeatureThatFailsToResolveLeavesTheOldRoleInstalled() {
        karaf.require("feature:vireo-scanner/[0.1.0,0.1.0]");
        karaf.unresolvable.add("vireo-director");
        Set<String> before = karaf.requirements();

        assertThatThrownBy(() -> switcher.switchTo(Role.DIRECTOR, false))
            .isInstanceOf(RoleChangeException.class)
            .hasMessageContaining("installing vireo-director failed: Unable to resolve root")
            .hasMessageContaining("the previous role features are installed as before");
        assertThat(karaf.requirements).isEqualTo(before);
        assertThat(switcher.installedRoleFeatures()).containsExactly("vireo-scanner");
    }

    @Test
    void aFeatureWhoseBundlesFailToStartIsTakenOutAgain() {
        karaf.require("feature:vireo-scanner/[0.1.0,0.1.0]");
        karaf.failingToStart.add("vireo-director");
        Set<String> before = karaf.requirements();

        assertThatThrownBy(() -> switcher.switchTo(Role.DIRECTOR, false))
            .isInstanceOf(RoleChangeException.class)
            .hasMessageContaining("Error starting bundles");
        assertThat(karaf.requirements).isEqualTo(before);
    }

    @Test
    void aFailedRemovalOfTheOldRoleRestoresIt() {
        karaf.require("feature:vireo-scanner/[0.1.0,0.1.0]");
        karaf.removalsToFail = 1;
        Set<String> before = karaf.requirements();

        assertThatThrownBy(() -> switcher.switchTo(Role.DIRECTOR, false))
            .isInstanceOf(RoleChangeException.class)
            .hasMessageContaining("uninstalling vireo-scanner failed: Error stopping bundles")
            .hasMessageContaining("the previous role features are installed as before");
        assertThat(karaf.operations).containsExactly("add [feature:vireo-director/[0.1.0,0.1.0]]",
            "remove [feature:vireo-scanner/[0.1.0,0.1.0]]", "add [feature:vireo-scanner/[0.1.0,0.1.0]]",
            "remove [feature:vireo-director/[0.1.0,0.1.0]]");
        assertThat(karaf.requirements).containsExactlyInAnyOrderElementsOf(before);
    }

    @Test
    void anUndoThatFailsTooSaysWhereToLook() {
        karaf.require("feature:vireo-scanner/[0.1.0,0.1.0]");
        karaf.removalsToFail = 2;

        assertThatThrownBy(() -> switcher.switchTo(Role.DIRECTOR, false))
            .isInstanceOf(RoleChangeException.class)
            .hasMessageContaining("undoing it failed too (Error stopping bundles): check feature:list -i");
    }

    @Test
    void featureNamesAreReadFromRequirementStrings() {
        assertThat(RoleSwitcher.featureName("feature:vireo-core/[0.1.0,0.1.0]")).isEqualTo("vireo-core");
        assertThat(RoleSwitcher.featureName("feature:scr")).isEqualTo("scr");
        assertThat(RoleSwitcher.featureName("bundle:mvn:x/y/1")).isEmpty();
    }
}
