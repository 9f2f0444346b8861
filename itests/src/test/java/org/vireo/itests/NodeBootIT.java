package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Hashtable;
import java.util.Set;

import javax.inject.Inject;

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

    @Inject
    private org.osgi.service.cm.ConfigurationAdmin configurationAdmin;

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

    /** Issue 23: a hook configured hot runs for its events; the shell lists it and sends it a test event. */
    @Test
    public void aHookConfiguredHotIsListedAndRunsForATestEvent() throws Exception {
        Path dir = Files.createTempDirectory("vireo-hook-it");
        Path runs = dir.resolve("runs.txt");
        Path script = dir.resolve("hook.sh");
        Files.writeString(script, "#!/bin/sh\necho \"$VIREO_EVENT_SEQ $* $VIREO_NODE $VIREO_SINK\" >> " + runs
            + "\necho hello from the hook\n");
        Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwxr-xr-x"));
        org.osgi.service.cm.Configuration hook = configurationAdmin.getFactoryConfiguration("org.vireo.notify.hook",
            "it", "?");
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("name", "it");
        properties.put("command", script.toString());
        properties.put("events", "node.*");
        hook.update(properties);
        try {
            awaitUntil(() -> quietly("notify:list").contains("| it "), "notify:list shows hook it");

            String tested = execute("notify:test it");
            assertTrue(tested, tested.contains("hook it: exit 0 in ") && tested.contains(": hello from the hook"));
            assertTrue(Files.readString(runs), Files.readString(runs).matches("\\d+ EVENT notify.test itest-node it\n"));
            String listed = execute("notify:list");
            assertTrue(listed, listed.matches("(?s).*hook \\| it +\\| node\\.\\* +\\| " + script + " +\\| +1 \\| +0 \\|.*"));
            String unknown = executeExpectingFailure("notify:test nosuch");
            assertTrue(unknown, unknown.contains("no sink named 'nosuch'; the sinks: it"));
        } finally {
            hook.delete();
        }
    }

    /**
     * Issue 23: a webhook configured hot posts a test event to a real HTTP server (python3's, on loopback), signed;
     * notify:list shows it beside the hooks.
     */
    @Test
    public void aWebhookConfiguredHotPostsATestEvent_signed() throws Exception {
        Path dir = Files.createTempDirectory("vireo-webhook-it");
        Path posts = dir.resolve("posts.txt");
        Path portFile = dir.resolve("port");
        String receiver = String.join("\n",
            "import http.server, sys",
            "class H(http.server.BaseHTTPRequestHandler):",
            "    def do_POST(self):",
            "        body = self.rfile.read(int(self.headers['Content-Length'])).decode()",
            "        with open(sys.argv[1], 'a') as f:",
            "            f.write('%s %s %s %s\\n' % (self.headers['X-Vireo-Event'], self.headers['X-Vireo-Timestamp'],",
            "                    self.headers['X-Vireo-Signature'], body))",
            "        self.send_response(204); self.end_headers()",
            "s = http.server.HTTPServer(('127.0.0.1', 0), H)",
            "open(sys.argv[2], 'w').write(str(s.server_port))",
            "s.serve_forever()");
        Process server = new ProcessBuilder("python3", "-c", receiver, posts.toString(), portFile.toString())
            .redirectErrorStream(true).redirectOutput(dir.resolve("server.log").toFile()).start();
        org.osgi.service.cm.Configuration webhook = null;
        try {
            awaitUntil(() -> Files.exists(portFile) && !quietlyRead(portFile).isEmpty(), "the receiver's port");
            webhook = configurationAdmin.getFactoryConfiguration("org.vireo.notify.webhook", "it", "?");
            Hashtable<String, Object> properties = new Hashtable<>();
            properties.put("name", "it-web");
            properties.put("url", "http://127.0.0.1:" + quietlyRead(portFile) + "/vireo");
            properties.put("secret", "it-secret");
            webhook.update(properties);
            awaitUntil(() -> quietly("notify:list").contains("| it-web "), "notify:list shows webhook it-web");

            String tested = execute("notify:test it-web");
            assertTrue(tested, tested.startsWith("webhook it-web: HTTP 204 in "));
            String posted = Files.readString(posts);
            String[] parts = posted.strip().split(" ", 4);
            assertEquals(posted, "notify.test", parts[0]);
            javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
            mac.init(new javax.crypto.spec.SecretKeySpec("it-secret".getBytes(), "HmacSHA256"));
            mac.update((parts[1] + ".").getBytes());
            assertEquals(posted, "sha256=" + java.util.HexFormat.of().formatHex(mac.doFinal(parts[3].getBytes())),
                parts[2]);
            assertTrue(posted, parts[3].contains("\"type\":\"notify.test\"") && parts[3].contains("\"sink\":\"it-web\""));
        } finally {
            if (webhook != null) {
                webhook.delete();
            }
            server.destroy();
            server.waitFor();
        }
    }

    private static String quietlyRead(Path file) {
        try {
            return Files.readString(file).trim();
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
