package org.vireo.node.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.node.Role;
import org.vireo.node.RoleChange;
import org.vireo.node.RoleChangeException;

class RoleKeeperTest {

    /** The node configuration as ConfigurationAdmin holds it. */
    private static final class MapStore implements NodeConfigStore {
        final Map<String, Object> properties = new HashMap<>();
        int writes;
        boolean failWrites;

        @Override
        public Map<String, Object> read() {
            return new HashMap<>(properties);
        }

        @Override
        public void writeRole(Role role, boolean alsoScan) throws IOException {
            if (failWrites) {
                throw new IOException("etc is read-only");
            }
            if (role.label().equals(properties.get("role")) && String.valueOf(alsoScan).equals(properties.get("alsoScan"))) {
                return;
            }
            writes++;
            properties.put("role", role.label());
            properties.put("alsoScan", String.valueOf(alsoScan));
        }
    }

    private final InMemoryFeatures karaf = new InMemoryFeatures("vireo-core", "vireo-director", "vireo-backup",
        "vireo-scanner").require("feature:vireo-core/[0.1.0,0.1.0]");
    private final MapStore store = new MapStore();
    private Map<String, String> env = Map.of();
    private final RoleKeeper keeper = new RoleKeeper(new RoleSwitcher(karaf), store,
        p -> NodeOptions.parse(p, env, "host-1"));

    @Test
    void aSwitchIsRecordedKeepingTheOtherKeys() throws Exception {
        store.properties.putAll(Map.of("name", "ns1", "interfaceName", "eth1", "role", "scanner"));

        RoleChange change = keeper.switchRole(Role.DIRECTOR, true);

        assertThat(change.installed()).containsExactlyInAnyOrder("vireo-director", "vireo-scanner");
        assertThat(store.properties).containsEntry("role", "director").containsEntry("alsoScan", "true")
            .containsEntry("name", "ns1").containsEntry("interfaceName", "eth1");
    }

    @Test
    void aReconcileThatRunsAfterANewerSwitchKeepsTheNewerRole() throws Exception {
        store.properties.put("role", "scanner");
        keeper.reconcile();
        // the command switches; the change event of the older configuration is still on its way
        keeper.switchRole(Role.BACKUP, false);

        RoleKeeper.Reconciled late = keeper.reconcile();

        assertThat(late.change().changed()).isFalse();
        assertThat(late.options().role()).isEqualTo(Role.BACKUP);
        assertThat(keeper.installedRoleFeatures()).containsExactly("vireo-backup");
    }

    @Test
    void aFirstStartRecordsTheRoleTheEnvironmentChose() throws Exception {
        env = Map.of("VIREO_ROLE", "backup");

        RoleKeeper.Reconciled first = keeper.reconcile();

        assertThat(first.change().installed()).containsExactly("vireo-backup");
        assertThat(store.properties).containsEntry("role", "backup");
        assertThat(keeper.reconcile().change().changed()).isFalse();
        assertThat(store.writes).isEqualTo(1);
    }

    @Test
    void aRefusedConfigurationChangesNoFeature() throws Exception {
        store.properties.put("role", "director");
        keeper.reconcile();
        store.properties.put("role", "boss");

        assertThatThrownBy(keeper::reconcile).isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("role = 'boss'");
        assertThat(keeper.installedRoleFeatures()).containsExactly("vireo-director");
    }

    @Test
    void aSwitchThatCannotBeRecordedSaysSo() {
        store.failWrites = true;

        assertThatThrownBy(() -> keeper.switchRole(Role.DIRECTOR, false))
            .isInstanceOf(RoleChangeException.class)
            .hasMessageContaining("role none -> director: installed vireo-director; uninstalled nothing,"
                + " but the role could not be recorded in the configuration (etc is read-only)");
    }
}
