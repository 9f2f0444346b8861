package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.framework.Bundle;

/**
 * Feature vireo-srv comes with a role (here scanner): its bundles start, srv:resolve answers in the shell, and the
 * redirect balancer stays off until the operator enables it.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class SrvCommandsIT extends VireoTestSupport {

    @Configuration
    public Option[] config() {
        return vireoDistribution("scanner");
    }

    @Test
    public void comesWithTheRoleAndResolvesAnIpLiteralWithoutDns() throws Exception {
        awaitRoleFeatures("vireo-scanner");

        assertTrue(featuresService.isInstalled(featuresService.getFeature("vireo-srv")));
        assertEquals(List.of(), notActive("org.xbill.dns", "org.vireo.vireo-srv"));
        assertNoFailedBundles();

        String out = execute("srv:resolve 192.0.2.7:8443");
        assertTrue(out, out.contains("source: LITERAL"));
        assertTrue(out, out.matches("(?s).*\\b1 \\| 192\\.0\\.2\\.7 +\\| +0 \\| +0 \\| 8443 \\| 192\\.0\\.2\\.7\\b.*"));

        String help = execute("srv:resolve --help");
        assertTrue(help, help.contains("Shows the candidates a client would try for a server address."));
        assertTrue(help, help.contains("--samples"));
        assertTrue(help, help.contains("etc/org.vireo.srv.cfg"));

        String error = executeExpectingFailure("srv:resolve --port 0 192.0.2.7");
        assertEquals("--port = 0: expected 1-65535", error);

        String redirects = execute("srv:redirects");
        assertTrue(redirects, redirects.contains("Redirect balancer: off (enabled = false in org.vireo.srv.redirect)"));
        assertTrue(redirects, redirects.contains("Service: vireo-proxy  path: /vireo/login"));
        // the dynamic SRV responder is off by default, and says so
        String dns = execute("srv:dns");
        assertTrue(dns, dns.contains("DNS responder: off (enabled = false in org.vireo.srv.dns)"));
    }

    /** Those of the named bundles that are missing or not ACTIVE. */
    private List<String> notActive(String... symbolicNames) {
        List<String> missing = new ArrayList<>(List.of(symbolicNames));
        for (Bundle b : bundleContext.getBundles()) {
            if (b.getState() == Bundle.ACTIVE) {
                missing.remove(b.getSymbolicName());
            }
        }
        return missing;
    }
}
