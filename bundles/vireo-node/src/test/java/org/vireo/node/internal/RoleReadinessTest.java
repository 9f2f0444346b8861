package org.vireo.node.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

class RoleReadinessTest {

    private final AtomicInteger level = new AtomicInteger(80);
    private final RoleReadiness readiness = new RoleReadiness();

    RoleReadinessTest() {
        readiness.watch(level::get, 100);
    }

    @Test
    void theRoleIsNotStartedWhileKarafIsStillRaisingTheStartLevelEvenIfTheRoleWasReconciled() {
        readiness.started(); // BootFinished came and the role was reconciled, as Karaf does before level 100

        assertThat(readiness.waitingFor()).contains("Karaf is still starting bundles (start level 80 of 100)");
        level.set(100);
        assertThat(readiness.waitingFor()).isEmpty();
    }

    @Test
    void atTheBeginningLevelItWaitsForTheRolesFirstReconciliation() {
        level.set(100);

        assertThat(readiness.waitingFor()).contains("the role's features are still starting");
        readiness.started();
        assertThat(readiness.waitingFor()).isEmpty();
    }

    @Test
    void aRoleChangeBeingDeployedIsWaitedFor() {
        level.set(100);
        readiness.started();

        readiness.deploying();
        assertThat(readiness.waitingFor()).contains("a role change is being deployed");
        readiness.deployed();
        assertThat(readiness.waitingFor()).isEmpty();
    }
}
