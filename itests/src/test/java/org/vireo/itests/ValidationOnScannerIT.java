package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.util.Dictionary;
import java.util.Hashtable;

import javax.inject.Inject;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * A pure scanner (no balancer, no health monitors) checks the cluster-wide settings of the bundles it does not run:
 * a bad balancer table, health monitor or redirect balancer configured on it is refused there and never sent to the
 * cluster. Before these parsers had a bundle of their own in vireo-core, a scanner had no balancer nor monitor
 * validator and sent such a configuration to the directors (the redirect balancer's it checked already: vireo-srv is
 * in every role). On the same boot, the management API's routes of a scanner: those of its features, as the OpenAPI
 * document says (OpenApiIT has the all-in-one node's, ApiIT a director's).
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ValidationOnScannerIT extends VireoTestSupport {

    @Inject
    private ConfigurationAdmin configurationAdmin;

    @Configuration
    public Option[] config() {
        return vireoDistribution("scanner");
    }

    @Test
    public void aBadBalancerTableOnAPureScannerIsRefusedThere_andNotSent() throws Exception {
        assertNull("a pure scanner runs no balancer", bundle("org.vireo.vireo-balancer"));
        org.osgi.service.cm.Configuration balancer = configurationAdmin.getConfiguration("org.vireo.balancer", "?");

        assertRefused("pid:org.vireo.balancer", "scanners: '10.0.0.21:99999': port 99999: expected 1-65535",
            () -> updateConfiguration(balancer, "scanners", "10.0.0.21:3128, 10.0.0.21:99999"));
    }

    @Test
    public void aBadHealthMonitorOnAPureScannerIsRefusedThere_andNotSent() throws Exception {
        assertNull("a pure scanner runs no health monitors", bundle("org.vireo.vireo-health"));
        org.osgi.service.cm.Configuration monitor = configurationAdmin.getFactoryConfiguration(
            "org.vireo.health.monitor", "itest", "?");
        Dictionary<String, Object> properties = new Hashtable<>();
        properties.put("name", "itest");
        properties.put("type", "tcp");
        properties.put("host", "127.0.0.1");
        properties.put("port", "99999");

        assertRefused("pid:org.vireo.health.monitor~itest", "port = 99999: expected 1-65535",
            () -> monitor.update(properties));
    }

    @Test
    public void aBadRedirectBalancerOnAPureScannerIsRefusedThere_andNotSent() throws Exception {
        org.osgi.service.cm.Configuration redirect = configurationAdmin.getConfiguration("org.vireo.srv.redirect", "?");

        assertRefused("pid:org.vireo.srv.redirect", "margin = '2'", () -> updateConfiguration(redirect, "margin", "2"));
    }

    @Test
    public void theWhiteboardServesTheDocumentedRoutesOfAScannersFeatures_andNoDirectorsRoute() throws Exception {
        awaitRoleFeatures("vireo-scanner");
        assertFalse(isInstalled("vireo-vrrp") || isInstalled("vireo-balancer") || isInstalled("vireo-health"));

        new WhiteboardRoutes(bundleContext).assertServe(apiDocument(), this::isInstalled);
    }

    @Test
    public void everyPatternTheNodeReplicatesHasItsValidatorHere() throws Exception {
        awaitConfigSync();
        String status = execute("cluster:status");
        assertFalse(status, status.contains("Replicated patterns no validator here covers"));
    }

    /**
     * Config sync reads the documents once Karaf has booted, on its own thread; until then cluster:status lists none
     * (and a change is only read at the start's scan). The rules file is in every distribution.
     */
    private void awaitConfigSync() throws InterruptedException {
        awaitUntil(() -> clusterDocument("file:vireo/rules.conf") != null, "config sync versions the rules file");
    }

    /** Changes {@code document} with {@code change}; it must be refused here for {@code reason}, not versioned. */
    private void assertRefused(String document, String reason, ThrowingRunnable change) throws Exception {
        awaitConfigSync();
        String before = clusterDocument(document);

        change.run();

        awaitUntil(() -> clusterRefusedHere().contains("  " + document + ": "), document + " is refused here");
        String refused = clusterRefusedHere();
        assertTrue(refused, refused.lines().anyMatch(l -> l.startsWith("  " + document + ": ") && l.contains(reason)));
        assertEquals("not versioned", before, clusterDocument(document));
    }

}
