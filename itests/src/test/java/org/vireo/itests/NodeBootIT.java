package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.util.Set;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.vireo.node.NodeIdentity;
import org.vireo.node.Role;

/** A freshly booted node: identity registered, its role feature installed, vireo:status answering. */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class NodeBootIT extends VireoTestSupport {

    @Configuration
    public Option[] config() {
        return vireoDistribution("director");
    }

    @Test
    public void bootsWithTheConfiguredIdentityAndRoleFeature() throws Exception {
        NodeIdentity node = awaitService(NodeIdentity.class);
        assertEquals("itest-node", node.name());
        assertEquals(Role.DIRECTOR, node.role());
        assertEquals("eth0", node.interfaceName());
        assertFalse(node.configurationProblem().isPresent());

        awaitRoleFeatures("vireo-director");
        assertTrue(featuresService.isInstalled(featuresService.getFeature("vireo-core")));
        assertNoFailedBundles();
    }

    @Test
    public void statusReportsNodeRoleFeaturesBundlesAndUptime() throws Exception {
        awaitService(NodeIdentity.class);
        awaitRoleFeatures("vireo-director");

        String status = execute("vireo:status");

        assertTrue(status, status.contains("Node:           itest-node"));
        assertTrue(status, status.contains("Role:           director"));
        assertTrue(status, status.contains("Role features:  vireo-director"));
        assertTrue(status, status.matches("(?s).*Uptime:         \\d\\dh \\d\\dm \\d\\ds.*"));
        assertTrue(status, status.matches("(?s).*Bundles:        \\d+ installed, \\d+ active, 0 failed.*"));
        assertTrue(status, status.matches("(?s).*\\| Active \\| org\\.vireo\\.vireo-node .*"));
    }

    @Test
    public void everyVireoFeatureIsAvailableOffline() throws Exception {
        for (String name : Set.of("vireo-core", "vireo-director", "vireo-backup", "vireo-scanner", "vireo-srv",
            "vireo-api", "vireo-console")) {
            assertTrue(name + " is not in the distribution's repositories",
                featuresService.getFeatures(name).length > 0);
        }
    }
}
