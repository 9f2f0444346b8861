package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.Dictionary;
import java.util.Set;

import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.service.cm.ConfigurationAdmin;
import org.vireo.node.NodeIdentity;
import org.vireo.node.Role;

/** Hot role switching through vireo:role and through the node configuration. */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class RoleSwitchIT extends VireoTestSupport {

    @javax.inject.Inject
    private ConfigurationAdmin configurationAdmin;

    private NodeIdentity node;

    @Configuration
    public Option[] config() {
        return vireoDistribution("scanner");
    }

    /** Each test starts from a scanner, as the node booted. */
    @Before
    public void startAsScanner() throws Exception {
        node = awaitService(NodeIdentity.class);
        awaitOnFeatureEvents(() -> !installedRoleFeatures().isEmpty(), () -> "the boot role feature");
        if (!installedRoleFeatures().equals(Set.of("vireo-scanner")) || node.role() != Role.SCANNER) {
            execute("vireo:role scanner");
        }
        awaitRoleFeatures("vireo-scanner");
    }

    @Test
    public void switchesScannerDirectorBackupScannerHot() throws Exception {
        Object serviceId = nodeServiceId();
        switchAndCheck("director", "role scanner -> director: installed vireo-director; uninstalled vireo-scanner",
            Role.DIRECTOR, "vireo-director");
        switchAndCheck("backup", "role director -> backup: installed vireo-backup; uninstalled vireo-director",
            Role.BACKUP, "vireo-backup");
        switchAndCheck("scanner", "role backup -> scanner: installed vireo-scanner; uninstalled vireo-backup",
            Role.SCANNER, "vireo-scanner");
        // hot: the node component was neither restarted nor refreshed on the way
        assertEquals(serviceId, nodeServiceId());
    }

    private Object nodeServiceId() {
        return bundleContext.getServiceReference(NodeIdentity.class).getProperty("service.id");
    }

    private void switchAndCheck(String role, String expectedOutput, Role expectedRole, String... features)
        throws Exception {
        String out = execute("vireo:role " + role);
        assertTrue(out, out.contains(expectedOutput));
        // the command returns after the deployment: no waiting needed
        assertEquals(Set.of(features), installedRoleFeatures());
        assertNoFailedBundles();
        assertEquals(role, recordedRole());
        assertEquals(expectedRole, node.role());
        assertEquals("the other keys of the configuration stay", "itest-node", node.name());
    }

    @Test
    public void theSameRoleAgainChangesNothing() throws Exception {
        String out = execute("vireo:role scanner");
        assertTrue(out, out.contains("role is already scanner: nothing changed"));
        assertEquals(Set.of("vireo-scanner"), installedRoleFeatures());
    }

    @Test
    public void alsoScanAddsTheScannerBesideTheDirectorInEitherOrder() throws Exception {
        String out = execute("vireo:role director --also-scan");
        assertTrue(out, out.contains("role scanner -> director (also scanning): installed vireo-director;"
            + " uninstalled nothing"));
        assertEquals(Set.of("vireo-director", "vireo-scanner"), installedRoleFeatures());

        out = execute("vireo:role director");
        assertTrue(out, out.contains("uninstalled vireo-scanner"));
        assertEquals(Set.of("vireo-director"), installedRoleFeatures());

        out = execute("vireo:role --also-scan backup");
        assertTrue(out, out.contains("role director -> backup (also scanning): installed vireo-backup, vireo-scanner;"
            + " uninstalled vireo-director"));
        assertEquals(Set.of("vireo-backup", "vireo-scanner"), installedRoleFeatures());
        assertNoFailedBundles();
        assertEquals("itest-node", node.name());
    }

    @Test
    public void anUnknownRoleIsRefusedWithTheAcceptedRolesAndChangesNothing() throws Exception {
        Set<String> before = installedRoleFeatures();
        String recorded = recordedRole();

        String error = executeExpectingFailure("vireo:role master");

        assertEquals("unknown role 'master': accepted roles are director, backup, scanner", error);
        assertEquals(before, installedRoleFeatures());
        assertEquals(recorded, recordedRole());
        assertEquals(Role.SCANNER, node.role());

        error = executeExpectingFailure("vireo:role director --also-scna");
        assertTrue(error, error.contains("unexpected argument '--also-scna'"));
        assertEquals(before, installedRoleFeatures());
    }

    @Test
    public void statusWarnsWhenTheRoleFeaturesDoNotMatchTheRole() throws Exception {
        featuresService.uninstallFeature("vireo-scanner");
        String status = execute("vireo:status");
        assertTrue(status, status.contains("Warning:        role scanner needs vireo-scanner but none is installed"));

        String out = execute("vireo:role scanner");
        assertTrue(out, out.contains("role none -> scanner: installed vireo-scanner"));
        assertFalse(execute("vireo:status").contains("Warning:"));
    }

    @Test
    public void editingTheRoleInTheConfigurationSwitchesItHot() throws Exception {
        updateNodeConfiguration("role", "backup");
        awaitRoleFeatures("vireo-backup");
        assertNoFailedBundles();
        assertEquals(Role.BACKUP, node.role());
    }

    @Test
    public void aBadConfigurationIsRefusedAndTheNodeKeepsItsRole() throws Exception {
        awaitServiceModified(NodeIdentity.class, () -> updateNodeConfiguration("role", "boss"));

        String problem = node.configurationProblem().orElse("");
        assertTrue(problem, problem.contains("role = 'boss': accepted roles are director, backup, scanner"));
        assertEquals(Role.SCANNER, node.role());
        assertEquals(Set.of("vireo-scanner"), installedRoleFeatures());
        String status = execute("vireo:status");
        assertTrue(status, status.contains("Configuration:  REFUSED - configuration org.vireo.node refused"));

        awaitServiceModified(NodeIdentity.class, () -> updateNodeConfiguration("role", "scanner"));
        assertFalse(node.configurationProblem().isPresent());
    }

    private String recordedRole() throws Exception {
        Dictionary<String, Object> p = configurationAdmin.getConfiguration(NodeIdentity.PID, "?").getProperties();
        return p == null ? null : String.valueOf(p.get("role"));
    }

    private void updateNodeConfiguration(String key, String value) throws Exception {
        updateConfiguration(configurationAdmin.getConfiguration(NodeIdentity.PID, "?"), key, value);
    }
}
