package org.vireo.node.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.vireo.node.Role;
import org.vireo.node.RoleChange;

class RoleEventsTest {

    @Test
    void aSwitchSaysFromWhatToWhat_whichFeaturesMoved_andWhy() {
        RoleChange change = new RoleChange(Role.SCANNER, false, Role.DIRECTOR, true,
            Set.of("vireo-director"), Set.of());

        assertThat(RoleEvents.done(change, RoleEvents.SWITCH)).isEqualTo(Map.of("from", "scanner",
            "to", "director+scan", "installed", "vireo-director", "uninstalled", "", "cause", "vireo:role"));
    }

    @Test
    void aFirstStartComesFromNone_andAFailureSaysItsError() {
        RoleChange first = new RoleChange(null, false, Role.BACKUP, false, Set.of("vireo-backup"), Set.of());

        assertThat(RoleEvents.done(first, RoleEvents.CONFIGURATION)).containsEntry("from", "none");
        assertThat(RoleEvents.failed(Role.DIRECTOR, false, RoleEvents.SWITCH, "cannot switch to role DIRECTOR: x"))
            .isEqualTo(Map.of("to", "director", "cause", "vireo:role", "error", "cannot switch to role DIRECTOR: x"));
    }
}
