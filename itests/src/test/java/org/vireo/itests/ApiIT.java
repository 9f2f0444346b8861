package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.ops4j.pax.exam.karaf.options.KarafDistributionOption.editConfigurationFilePut;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Hashtable;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.inject.Inject;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.service.cm.ConfigurationAdmin;
import org.vireo.vrrp.VrrpState;

/**
 * The management API on the built distribution, with curl as the client: feature vireo-api comes with the role,
 * Karaf's Jetty serves the JAX-RS whiteboard's routes under /api/v1 with Jackson's JSON on loopback only, and every
 * route but the health check needs a login from Karaf's JAAS realm (a viewer reads, an admin writes; Basic or the
 * session cookie with its CSRF token), with failed logins limited per client address.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ApiIT extends VireoTestSupport {

    @Inject
    private ConfigurationAdmin configurationAdmin;

    @Configuration
    public Option[] config() {
        List<Option> options = new ArrayList<>(Arrays.asList(vireoDistribution("director")));
        options.addAll(apiLogins());
        options.addAll(vrrpInstanceAloneOnTheMemoryLan());
        // the balancer's one scanner, where nothing listens: DOWN, but in the table to drain
        options.add(editConfigurationFilePut("etc/org.vireo.balancer.cfg", "scanners",
            "127.0.0.1:" + freePort() + " weight=2"));
        return options.toArray(new Option[0]);
    }

    @Test
    public void theHealthRouteNeedsNoLoginAndSaysTheNodeIsReadyInJson() throws Exception {
        awaitRoleFeatures("vireo-director");
        assertTrue(featuresService.isInstalled(featuresService.getFeature("vireo-api")));

        awaitUntil(() -> curl("/api/v1/health").status() == 200, "the node is ready");
        Curl health = curl("/api/v1/health");

        assertEquals("application/json", health.header("Content-Type").orElse("").toLowerCase(Locale.ROOT)
            .replaceAll(";.*", ""));
        assertEquals("{\"ready\":true,\"waitingFor\":[]}", health.body());
        assertEquals(404, curl("/api/v1/nosuch").status());
        assertNoFailedBundles();
    }

    @Test
    public void withoutALoginARouteIs401_withTheBasicChallengeAndWhatWouldDo() throws Exception {
        Curl node = awaitRoute("/api/v1/node");

        assertEquals(node.body(), 401, node.status());
        assertEquals("Basic realm=\"vireo\", charset=\"UTF-8\"", node.header("WWW-Authenticate").orElse(""));
        assertTrue(node.body(), node.body().matches("\\{\"status\":401,\"error\":\"a login is needed: HTTP Basic.*"));
        assertEquals(401, curl("/api/v1/vrrp", "-u", "itest-viewer:wrong").status());

        // a page's script gets no challenge: the browser would pop up its own dialogue over the console's login
        Curl fromPage = curl("/api/v1/node", "-H", "X-Requested-With: XMLHttpRequest");
        assertEquals(fromPage.body(), 401, fromPage.status());
        assertEquals(Optional.empty(), fromPage.header("WWW-Authenticate"));
        Curl endedSession = curl("/api/v1/node", "-b", "vireo_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
        assertEquals(endedSession.body(), 401, endedSession.status());
        assertEquals(Optional.empty(), endedSession.header("WWW-Authenticate"));
    }

    @Test
    public void aViewerReadsTheNodeAndItsVrrpInstances() throws Exception {
        awaitRoute("/api/v1/node");
        Curl node = curl("/api/v1/node", "-u", VIEWER);
        assertEquals(node.body(), 200, node.status());
        assertTrue(node.body(), node.body().matches("\\{\"name\":\"itest-node\",\"role\":\"director\",.*"
            + "\"features\":\\[\"vireo-director\"],.*\"interfaceName\":\"eth0\",\"uptimeSeconds\":\\d+,"
            + "\"version\":\"0\\.1\\.0\\.SNAPSHOT\",\"configurationProblem\":null}"));

        awaitUntil(() -> vrrpInstance("a").map(i -> i.state() == VrrpState.MASTER).orElse(false), "a is master");
        Curl vrrp = curl("/api/v1/vrrp", "-u", VIEWER);
        assertEquals(vrrp.body(), 200, vrrp.status());
        assertTrue(vrrp.body(), vrrp.body().matches("\\[\\{\"name\":\"a\",\"vrid\":61,\"interfaceName\":\"mem-a\","
            + "\"version\":3,\"state\":\"MASTER\",\"stateSince\":\"(20\\d\\d-[^\"]+Z)\","
            + "\"lastTransition\":\\{\"from\":\"BACKUP\",\"to\":\"MASTER\",\"at\":\"\\1\",\"cause\":\"[^\"]+\","
            + "\"peer\":(null|\"[^\"]+\")},"
            // alone on its LAN: it became master having heard no one, so the takeover has no gap
            + "\"lastTakeover\":\\{\"previousMaster\":null,\"lastAdvertHeard\":null,\"firstAdvertSent\":\"20[^\"]+Z\","
            + "\"gapMillis\":null},\"fault\":null,\"refused\":false,"
            + "\"priority\":\\{\"base\":120,\"effective\":120,\"override\":null,\"deductions\":\\[]},.*"
            + "\"advertIntervalMillis\":100,.*"
            + "\"virtualAddresses\":\\[\"10\\.77\\.0\\.1\"],.*\"drops\":\\{\"kernel_dropped\":0,.*}}}]"));
        Curl missing = curl("/api/v1/vrrp/nosuch", "-u", VIEWER);
        assertEquals(404, missing.status());
        assertTrue(missing.body(), missing.body().contains("no VRRP instance 'nosuch' on this node"));
    }

    @Test
    public void aViewerGets403OnAWrite_anAdminWrites_andABadValueIs422WithNothingChanged() throws Exception {
        awaitRoute("/api/v1/node");
        String override = "{\"override\":150}";
        Curl refused = curl("/api/v1/vrrp/a/priority", "-u", VIEWER, "-X", "PUT", "-H", "Content-Type: application/json",
            "--data", override);
        assertEquals(refused.body(), 403, refused.status());
        assertTrue(refused.body(), refused.body().contains("user 'itest-viewer' has no role admin, which PUT here needs"));
        assertEquals(Optional.empty(), vrrpInstance("a").orElseThrow().priorityOverride());

        Curl bad = curl("/api/v1/vrrp/a/priority", "-u", ADMIN, "-X", "PUT", "-H", "Content-Type: application/json",
            "--data", "{\"override\":300}");
        assertEquals(bad.body(), 422, bad.status());
        assertEquals(Optional.empty(), vrrpInstance("a").orElseThrow().priorityOverride());

        try {
            Curl set = curl("/api/v1/vrrp/a/priority", "-u", ADMIN, "-X", "PUT", "-H", "Content-Type: application/json",
                "--data", override);
            assertEquals(set.body(), 200, set.status());
            // the override is the one deduction: it raises the base by 30
            assertTrue(set.body(), set.body().matches(".*\"priority\":\\{\"base\":120,\"effective\":150,\"override\":150,"
                + "\"deductions\":\\[\\{\"kind\":\"override\",\"name\":\"operator\",\"detail\":\"override 150\","
                + "\"amount\":-30,\"toZero\":false,\"since\":\"20[^\"]+Z\"}]}.*"));
            assertEquals(Optional.of(150), vrrpInstance("a").orElseThrow().priorityOverride());
            assertLogged("itest-admin (BASIC) PUT /api/v1/vrrp/a/priority: override none -> override 150");
        } finally {
            vrrpInstance("a").orElseThrow().overridePriority(Optional.empty());
        }
    }

    @Test
    public void theConsoleLoginSetsASessionCookie_whoseWritesNeedTheCsrfToken() throws Exception {
        awaitRoute("/api/v1/node");
        Path jar = Files.createTempFile("api-it-cookies", ".txt");
        try {
            Curl login = curl("/api/v1/session", "-c", jar.toString(), "-X", "POST", "-H",
                "Content-Type: application/json", "--data", "{\"user\":\"itest-admin\",\"password\":\"admin-secret\"}");
            assertEquals(login.body(), 200, login.status());
            assertTrue(login.header("Set-Cookie").orElse(""),
                login.header("Set-Cookie").orElse("").matches("vireo_session=[\\w-]{43}; Path=/; HttpOnly; SameSite=Strict"));
            Matcher token = Pattern.compile("\"csrfToken\":\"([\\w-]{43})\"").matcher(login.body());
            assertTrue(login.body(), token.find());

            // a page reloaded asks again for the token it lost; a Basic login has none
            Curl who = curl("/api/v1/session", "-b", jar.toString());
            assertEquals(who.body(), "{\"user\":\"itest-admin\",\"roles\":[\"admin\",\"manager\",\"ssh\","
                + "\"systembundles\",\"viewer\"],\"csrfToken\":\"" + token.group(1) + "\"}", who.body());
            assertTrue(curl("/api/v1/session", "-u", ADMIN).body().endsWith("\"csrfToken\":null}"));

            String[] write = {"-X", "PUT", "-H", "Content-Type: application/json", "--data", "{\"override\":null}"};
            Curl noToken = curl("/api/v1/vrrp/a/priority", concat(new String[] {"-b", jar.toString()}, write));
            assertEquals(noToken.body(), 403, noToken.status());
            assertTrue(noToken.body(), noToken.body().contains("needs the session's CSRF token in header X-Vireo-CSRF"));
            Curl withToken = curl("/api/v1/vrrp/a/priority", concat(new String[] {"-b", jar.toString(), "-H",
                "X-Vireo-CSRF: " + token.group(1)}, write));
            assertEquals(withToken.body(), 200, withToken.status());

            // a logout is a write too: without the token another site could end the operator's session
            assertEquals(403, curl("/api/v1/session", "-b", jar.toString(), "-X", "DELETE").status());
            Curl logout = curl("/api/v1/session", "-b", jar.toString(), "-c", jar.toString(), "-X", "DELETE", "-H",
                "X-Vireo-CSRF: " + token.group(1));
            assertEquals(logout.body(), 204, logout.status());
            assertEquals(401, curl("/api/v1/node", "-b", jar.toString()).status());
        } finally {
            Files.deleteIfExists(jar);
        }
    }

    @Test
    public void failedLoginsFromOneAddressAreLimited_andOtherAddressesAreNot() throws Exception {
        awaitRoute("/api/v1/node");
        // from 127.0.0.2 (a loopback address of its own), so that the other tests' address is not refused
        for (int i = 1; i <= 5; i++) {
            assertEquals(401, curl("/api/v1/node", "--interface", "127.0.0.2", "-u", "itest-viewer:guess" + i).status());
        }
        Curl limited = curl("/api/v1/node", "--interface", "127.0.0.2", "-u", VIEWER);
        assertEquals(limited.body(), 429, limited.status());
        assertTrue(limited.header("Retry-After").orElse(""), limited.header("Retry-After").orElse("").matches("\\d+"));
        assertTrue(limited.body(), limited.body().contains("5 failed logins from 127.0.0.2 within 60 s: try again in"));
        assertEquals(200, curl("/api/v1/node", "-u", VIEWER).status());
        assertLogged("api: failed login as 'itest-viewer' from 127.0.0.2 (5 of 5 allowed within 60 s)");
    }

    @Test
    public void jettyListensOnLoopbackOnly() throws Exception {
        awaitRoute("/api/v1/health");
        String port = String.format("%04X", port());
        String tcp = Files.readString(Path.of("/proc/net/tcp")) + Files.readString(Path.of("/proc/net/tcp6"));
        // local address, remote 0, state 0A (LISTEN); Java listens on an IPv6 socket, 127.0.0.1 as ::ffff:127.0.0.1
        assertTrue(tcp, tcp.matches("(?s).*\\b(0{16}FFFF0000)?0100007F:" + port + " 0+:0000 0A .*"));
        assertFalse(tcp, tcp.matches("(?s).*\\b00000000:" + port + " 00000000:0000 0A .*"));
        assertFalse(tcp, tcp.matches("(?s).*\\b0{32}:" + port + " 0{32}:0000 0A .*"));
    }

    @Test
    public void everyReadRouteNeedsALogin_andTheReadinessCheckKeepsItsPath() throws Exception {
        for (String route : List.of("/api/v1/cluster/members", "/api/v1/cluster/sync", "/api/v1/cluster/conflicts",
            "/api/v1/balancer", "/api/v1/balancer/scanners", "/api/v1/health/monitors", "/api/v1/health/tracking")) {
            assertEquals(route, 401, awaitRoute(route).status());
            assertEquals(route, 200, curl(route, "-u", VIEWER).status());
        }
        assertEquals("a director without the scanner has no scanner route", 404, curl("/api/v1/scanner", "-u",
            VIEWER).status());
        Curl ready = curl("/api/v1/health");
        assertTrue(ready.body(), ready.body().startsWith("{\"ready\":"));
        assertEquals(404, curl("/api/v1/health/nosuch", "-u", VIEWER).status());
    }

    /** OpenApiIT compares a node with every feature; a director has all but the scanner's (vireo-proxy). */
    @Test
    public void theWhiteboardServesTheDocumentedRoutesOfADirectorsFeatures_andNotTheScanners() throws Exception {
        awaitRoleFeatures("vireo-director");
        assertFalse(isInstalled("vireo-proxy"));

        new WhiteboardRoutes(bundleContext).assertServe(apiDocument(), this::isInstalled);
    }

    @Test
    public void theClusterRoutesNameThisNodeItsDocumentsAndNoConflict() throws Exception {
        awaitRoute("/api/v1/cluster/members");
        Curl members = awaitViewerRead("/api/v1/cluster/members", "\"vrrpStates\":{\"a\":\"MASTER\"}");
        assertBody(members, "\\{\"clusterName\":\"vireo\",\"joined\":false,"
            + "\"offReason\":\"[^\"]+\",\"view\":\\{\"id\":\\d+,\"members\":\\[\"itest-node\"],"
            + "\"coordinator\":\"itest-node\",\"merged\":false},\"members\":\\[\\{\"name\":\"itest-node\",\"self\":true,"
            + "\"role\":\"director\",\"address\":null,\"softwareVersion\":\"0\\.1\\.0[^\"]*\","
            + "\"vrrpStates\":\\{\"a\":\"MASTER\"},\"load\":null,\"lastSeen\":\"20\\d\\d-[^\"]+Z\",\"stale\":false,"
            + "\"inSync\":null,\"services\":\\{}}]}");

        // config sync versions the documents once Karaf has booted
        Curl sync = awaitViewerRead("/api/v1/cluster/sync", "\"document\":\"pid:org.vireo.balancer\"");
        assertBody(sync, "\\{\"node\":\"itest-node\",\"clusterName\":\"vireo\",.*"
            + "\"fingerprint\":\"[0-9a-f]+\",\"documents\":\\[.*\\{\"document\":\"pid:org\\.vireo\\.balancer\","
            + "\"current\":\\{\"version\":\"\\d+\\.\\d+@itest-node\",\"madeAt\":[^,]+,\"deleted\":false,"
            + "\"sizeBytes\":\\d+,\"sha256\":\"[0-9a-f]{64}\"},\"edits\":\\d+,\"lost\":0,\"applied\":true,"
            // alone: no other member, so every member (this one) holds this version
            + "\"elsewhere\":\\[],\"sameOnEveryMember\":true}.*],"
            + "\"refusedHere\":\\[],\"notAppliedHere\":\\[],\"unvalidated\":\\[],"
            + "\"tlsRefusals\":\\{\"sinceStart\":0,\"recent\":\\[]}}");

        assertEquals("[]", curl("/api/v1/cluster/conflicts", "-u", VIEWER).body());
        Curl noSuch = curl("/api/v1/cluster/conflicts/1796020000000.0@n1", "-u", VIEWER);
        assertEquals(noSuch.body(), 404, noSuch.status());
        assertTrue(noSuch.body(), noSuch.body().contains("no lost edit 1796020000000.0@n1 on this node"));
        Curl malformed = curl("/api/v1/cluster/conflicts/yesterday", "-u", VIEWER);
        assertEquals(malformed.body(), 400, malformed.status());
        assertTrue(malformed.body(), malformed.body().contains("expected <millis>.<counter>@<node>"));
    }

    @Test
    public void theBalancerShowsTheTestsScanner_whoseDrainIsAnAdminsAuditedWrite() throws Exception {
        String scanner = String.valueOf(configurationAdmin.getConfiguration("org.vireo.balancer", null).getProperties()
            .get("scanners")).split("\\s+")[0];
        String scannerRow = "\\[\\{\"scanner\":\"" + Pattern.quote(scanner) + "\",\"state\":\"DOWN\",\"draining\":%s,"
            + "\"weight\":2\\.0,\"effectiveWeight\":0\\.0,\"share\":0\\.0,\"activeConnections\":0,"
            + "\"totalConnections\":\\d+,\"connectFailures\":\\d+,\"bytesFromClients\":0,\"bytesToClients\":0,"
            + "\"cpu\":null,\"memory\":null,\"monitor\":\"balancer-127\\.0\\.0\\.1-\\d+[^\"]*\",\"affinities\":0}]";
        awaitRoute("/api/v1/balancer/scanners");
        // nothing listens at the test's scanner: UP (tried) until its monitor's first check finds it DOWN
        awaitUntil(() -> curl("/api/v1/balancer/scanners", "-u", VIEWER).body()
            .matches(String.format(scannerRow, "false")), "the scanner's first check");
        assertBody(curl("/api/v1/balancer", "-u", VIEWER), "\\{\"mode\":\"vip\",\"transport\":\"(io_uring|epoll|nio)\","
            + "\"listeners\":\\[.*],\"acceptedConnections\":0,\"unservedConnections\":0,\"relayedConnections\":0,"
            + "\"activeConnections\":0,\"affinities\":0,\"problems\":\\[.*\"no scanner can take connections.*]}");

        String drain = "/api/v1/balancer/scanners/" + scanner + "/drain";
        try {
            Curl refused = curl(drain, "-u", VIEWER, "-X", "POST");
            assertEquals(refused.body(), 403, refused.status());
            assertFalse(tableEntry(scanner).contains("drain"));

            Curl drained = curl(drain, "-u", ADMIN, "-X", "POST");
            assertEquals(drained.body(), 200, drained.status());
            assertTrue(drained.body(), drained.body().startsWith("{\"scanner\":\"" + scanner + "\",\"drain\":true,"
                + "\"message\":\"scanner " + scanner + " drained: no new connections, the open ones finish"));
            assertEquals(scanner + " weight=2 drain", tableEntry(scanner));
            awaitUntil(() -> curl("/api/v1/balancer/scanners", "-u", VIEWER).body()
                .matches(String.format(scannerRow, "true")), "the balancer has taken the drain up");
            assertLogged("itest-admin (BASIC) POST " + drain + ": not drained -> drained");

            Curl undrained = curl("/api/v1/balancer/scanners/" + scanner + "/undrain", "-u", ADMIN, "-X", "POST");
            assertEquals(undrained.body(), 200, undrained.status());
            assertTrue(undrained.body(), undrained.body().contains("\"drain\":false"));
            assertEquals(scanner + " weight=2", tableEntry(scanner));
            assertLogged("itest-admin (BASIC) POST /api/v1/balancer/scanners/" + scanner + "/undrain: drained -> not"
                + " drained");

            Curl unknown = curl("/api/v1/balancer/scanners/127.0.0.9:1/drain", "-u", ADMIN, "-X", "POST");
            assertEquals(unknown.body(), 404, unknown.status());
            assertTrue(unknown.body(), unknown.body().contains("no scanner 127.0.0.9:1 in the table of org.vireo.balancer;"
                + " it has: " + scanner));
        } finally {
            curl("/api/v1/balancer/scanners/" + scanner + "/undrain", "-u", ADMIN, "-X", "POST");
        }
    }

    @Test
    public void theHealthRoutesShowAMonitorTheTestConfigured_andWhatTrackingTakesOffTheInstance() throws Exception {
        awaitRoute("/api/v1/health/monitors");
        org.osgi.service.cm.Configuration monitor = configurationAdmin.getFactoryConfiguration(
            "org.vireo.health.monitor", "itest-up", "?");
        org.osgi.service.cm.Configuration track = configurationAdmin.getFactoryConfiguration(
            "org.vireo.health.track", "a", "?");
        int jetty = port(); // the node's own Jetty: up
        try {
            monitor.update(new Hashtable<>(Map.of("name", "itest-up", "type", "tcp", "host", "127.0.0.1",
                "port", String.valueOf(jetty), "intervalMillis", "500", "timeoutMillis", "400", "rise", "1")));
            Curl monitors = awaitViewerRead("/api/v1/health/monitors", "\"name\":\"itest-up\",\"type\":\"tcp\","
                + "\"target\":\"127.0.0.1:" + jetty + "\",\"health\":\"UP\"");
            assertBody(monitors, "\\[.*\\{\"name\":\"itest-up\",\"type\":\"tcp\","
                + "\"target\":\"127\\.0\\.0\\.1:\\d+\",\"health\":\"UP\",\"healthSince\":\"20[^\"]+Z\","
                + "\"lastResult\":\\{\"success\":true,\"detail\":\"connected[^\"]*\",\"latencyMillis\":[\\d.E-]+,"
                + "\"at\":\"20[^\"]+Z\"},\"consecutiveSuccesses\":\\d+,\"consecutiveFailures\":0,\"rise\":1,\"fall\":3,"
                + "\"intervalMillis\":500,\"timeoutMillis\":400,\"checks\":\\d+,\"failures\":0,\"warnings\":\\[]}.*");

            // PROGRESSIVE: one of two monitors down (itest-ghost is not configured) halves BP 120; an interface
            // that does not exist is down and takes its weight off: EP = 60 - 20
            track.update(new Hashtable<>(Map.of("instance", "a", "mode", "PROGRESSIVE",
                "monitors", new String[] {"itest-up", "itest-ghost"}, "interfaces", new String[] {"itest-none0:20"})));
            awaitUntil(() -> vrrpInstance("a").orElseThrow().effectivePriority() == 40, "tracking lowers a to 40");
            assertBody(curl("/api/v1/health/tracking", "-u", VIEWER), "\\[\\{\"instance\":\"a\",\"state\":\"\\w+\","
                + "\"mode\":\"PROGRESSIVE\",\"preempt\":true,\"basePriority\":120,\"trackedPriority\":40,"
                + "\"effectivePriority\":40,\"priorityOverride\":null,\"deduction\":80,"
                + "\"reason\":\"monitors down 1/2: itest-ghost \\(missing\\), mode PROGRESSIVE: -60; interfaces down 1/1:"
                + " itest-none0 \\(-20\\)\",\"monitors\":\\[\\{\"name\":\"itest-up\",\"state\":\"up\"},"
                + "\\{\"name\":\"itest-ghost\",\"state\":\"missing\"}],"
                + "\"interfaces\":\\[\\{\"name\":\"itest-none0\",\"weight\":20,\"up\":false}]}]");
            // the instance's view says which monitor and which interface cost what (issue 20)
            assertBody(curl("/api/v1/vrrp/a", "-u", VIEWER), ".*\"priority\":\\{\"base\":120,\"effective\":40,"
                + "\"override\":null,\"deductions\":\\[\\{\"kind\":\"monitor\",\"name\":\"itest-ghost\","
                + "\"detail\":\"missing \\(not configured on this node\\)\",\"amount\":60,\"toZero\":false,"
                + "\"since\":null},\\{\"kind\":\"interface\",\"name\":\"itest-none0\",\"detail\":\"down \\(weight 20\\)\","
                + "\"amount\":20,\"toZero\":false,\"since\":\"20[^\"]+Z\"}]}.*");
        } finally {
            track.delete();
            monitor.delete();
            awaitUntil(() -> vrrpInstance("a").orElseThrow().effectivePriority() == 120, "a back at its base priority");
        }
    }

    /**
     * A replicated PID through the API as the item 4 has it: its version is the ETag of a read; a write needs
     * it (428 without), is refused with the current version after a change behind the API's back (412), with the
     * parser's message and nothing changed for a bad value (422), and is done and audited with it (200).
     */
    @Test
    public void aConfigurationIsWrittenWithTheVersionItWasReadAt_andRefusedWithoutIt() throws Exception {
        String route = "/api/v1/config/org.vireo.balancer";
        awaitRoute(route);
        assertEquals(401, curl(route, "-X", "PUT", "-H", "If-Match: \"x\"", "-H", "Content-Type: application/json",
            "--data", "{}").status());
        Curl list = awaitViewerRead("/api/v1/config", "\"pid\":\"org.vireo.balancer\",\"replicated\":true,");
        assertTrue(list.body(), list.body().contains("{\"pid\":\"org.vireo.node\",\"replicated\":false,"
            + "\"version\":\"local:"));
        assertFalse(list.body(), list.body().contains("org.apache.karaf"));
        Curl read = curl(route, "-u", VIEWER);
        assertBody(read, "\\{\"pid\":\"org\\.vireo\\.balancer\",\"replicated\":true,\"version\":\"\\d+\\.\\d+@itest-node\","
            + "\"writable\":true,\"notWritable\":null,\"properties\":\\{.*\"scanners\":\"127\\.0\\.0\\.1:\\d+ weight=2\".*}}");
        String etag = read.header("ETag").orElseThrow();
        String properties = read.body().substring(read.body().indexOf("\"properties\":") + 13, read.body().length() - 1);
        org.osgi.service.cm.Configuration balancer = configurationAdmin.getConfiguration("org.vireo.balancer", null);

        Curl viewer = putJson(route, VIEWER, "If-Match: " + etag, properties);
        assertEquals(viewer.body(), 403, viewer.status());
        Curl noCondition = putJson(route, ADMIN, null, properties);
        assertEquals(noCondition.body(), 428, noCondition.status());
        assertTrue(noCondition.body(), noCondition.body().contains("needs If-Match: \\\"<version>\\\" with the ETag"));

        updateConfiguration(balancer, "slowStartSeconds", "7"); // behind the API's back, as an edited .cfg
        String mine = properties.replaceFirst("\"slowStartSeconds\":\"\\d+\"", "\"slowStartSeconds\":9");
        assertFalse(mine, mine.equals(properties));
        Curl stale = putJson(route, ADMIN, "If-Match: " + etag, mine);
        assertEquals(stale.body(), 412, stale.status());
        String current = stale.header("ETag").orElseThrow();
        assertFalse(current.equals(etag));
        assertTrue(stale.body(), stale.body().startsWith("{\"status\":412,\"error\":\"pid:org.vireo.balancer is at version "
            + current.replace("\"", "") + ", not version " + etag.replace("\"", "")));
        assertTrue(stale.body(), stale.body().contains("\"current\":{\"pid\":\"org.vireo.balancer\"")
            && stale.body().contains("\"slowStartSeconds\":\"7\""));

        Curl bad = putJson(route, ADMIN, "If-Match: " + current, mine.replace("\"slowStartSeconds\":9",
            "\"slowStartSeconds\":\"lots\""));
        assertEquals(bad.body(), 422, bad.status());
        assertTrue(bad.body(), bad.body().contains("\"problems\":[\"configuration org.vireo.balancer refused:"
            + " slowStartSeconds = 'lots': expected a whole number, 0-3600\"]"));
        assertEquals("7", balancer.getProperties().get("slowStartSeconds"));

        Curl done = putJson(route, ADMIN, "If-Match: " + current, mine);
        assertEquals(done.body(), 200, done.status());
        String written = done.header("ETag").orElseThrow();
        assertTrue(done.body(), done.body().contains("\"version\":" + written + ",") && done.body()
            .contains("\"slowStartSeconds\":\"9\""));
        assertEquals("9", configurationAdmin.getConfiguration("org.vireo.balancer", null).getProperties()
            .get("slowStartSeconds"));
        assertLogged("itest-admin (BASIC) PUT " + route + ": version " + current.replace("\"", "") + " -> version "
            + written.replace("\"", ""));
    }

    /**
     * A node-local PID has a version of its content and the parse of its own bundle: org.vireo.node refuses a bad role
     * with vireo-node's message; org.vireo.events is made with If-None-Match: *; the schema comes from the metatype.
     */
    @Test
    public void aNodeLocalPidIsCheckedByItsBundlesParse_madeWithIfNoneMatch_andDescribedByItsSchema() throws Exception {
        String node = "/api/v1/config/org.vireo.node";
        Curl read = awaitViewerRead(node, "\"role\":\"director\"");
        String etag = read.header("ETag").orElseThrow();
        assertTrue(etag, etag.matches("\"local:[0-9a-f]{64}\""));
        Curl bad = putJson(node, ADMIN, "If-Match: " + etag, "{\"name\":\"itest-node\",\"role\":\"admiral\"}");
        assertEquals(bad.body(), 422, bad.status());
        assertTrue(bad.body(), bad.body().contains("configuration org.vireo.node refused: role = 'admiral': accepted"
            + " roles are director, backup, scanner"));
        assertEquals("director", configurationAdmin.getConfiguration("org.vireo.node", null).getProperties().get("role"));

        String events = "/api/v1/config/org.vireo.events";
        org.osgi.service.cm.Configuration log = configurationAdmin.getConfiguration("org.vireo.events", null);
        try {
            Curl made = putJson(events, ADMIN, "If-None-Match: *", "{\"history\":2000}");
            assertEquals(made.body(), 200, made.status());
            assertEquals("2000", log.getProperties().get("history"));
            Curl again = putJson(events, ADMIN, "If-None-Match: *", "{\"history\":3000}");
            assertEquals(again.body(), 412, again.status());
            assertEquals(made.header("ETag"), again.header("ETag"));
        } finally {
            log.delete();
        }

        Curl schema = curl(events + "/schema", "-u", VIEWER);
        assertBody(schema, "\\{\"pid\":\"org\\.vireo\\.events\",\"factoryPid\":null,\"name\":\"Vireo event log\",.*"
            + "\\{\"id\":\"history\",\"name\":\"History\",\"description\":\"[^\"]+\",\"type\":\"Integer\","
            + "\"cardinality\":0,\"required\":true,\"defaults\":\\[\"1000\"],\"options\":null,\"min\":\"10\","
            + "\"max\":\"100000\"}.*");
        Curl instance = curl("/api/v1/config/org.vireo.vrrp.instance~a/schema", "-u", VIEWER);
        assertBody(instance, "\\{\"pid\":\"org\\.vireo\\.vrrp\\.instance~a\",\"factoryPid\":\"org\\.vireo\\.vrrp\\.instance\",.*"
            + "\\{\"id\":\"vrid\",\"name\":\"VRID\",\"description\":\"[^\"]+\",\"type\":\"Integer\",\"cardinality\":0,"
            + "\"required\":true,\"defaults\":null,\"options\":null,\"min\":null,\"max\":null}.*");
        // the balancer's table has a metatype of its own now (issue 20, item 7), with the parse's bounds
        Curl balancer = curl("/api/v1/config/org.vireo.balancer/schema", "-u", VIEWER);
        assertBody(balancer, "\\{\"pid\":\"org\\.vireo\\.balancer\",\"factoryPid\":null,\"name\":\"Vireo balancer\",.*"
            + "\\{\"id\":\"httpPort\",\"name\":\"HTTP port\",\"description\":\"[^\"]+\",\"type\":\"Integer\","
            + "\"cardinality\":0,\"required\":true,\"defaults\":\\[\"9090\"],\"options\":null,\"min\":\"1\","
            + "\"max\":\"65535\"}.*");
        Curl none = curl("/api/v1/config/org.vireo.nosuch/schema", "-u", VIEWER);
        assertEquals(none.body(), 404, none.status());
    }

    /** The rules file as text: its version as ETag, a file the rules refuse 422 with file:line errors, 200. */
    @Test
    public void theRulesFileIsReadAndWrittenAsTextWithItsVersion_andRefusedWithItsLineErrors() throws Exception {
        Curl read = awaitRoute("/api/v1/rules");
        assertEquals(401, read.status());
        read = curl("/api/v1/rules", "-u", VIEWER);
        assertEquals(read.body(), 200, read.status());
        assertTrue(read.header("Content-Type").orElse(""), read.header("Content-Type").orElse("").startsWith("text/plain"));
        Path rules = Path.of(System.getProperty("karaf.etc"), "vireo", "rules.conf");
        assertEquals(Files.readString(rules), read.body());
        String etag = read.header("ETag").orElseThrow();

        Curl bad = putText("/api/v1/rules", etag, "rule r block port x\ndefault allow\n");
        assertEquals(bad.body(), 422, bad.status());
        assertTrue(bad.body(), bad.body().contains("\"problems\":[\"rules.conf:1: port x: expected a port"));
        assertEquals(read.body(), Files.readString(rules));

        String edited = "# edited through the API\n" + read.body();
        try {
            Curl done = putText("/api/v1/rules", etag, edited);
            assertEquals(done.body(), 200, done.status());
            assertEquals(edited, done.body());
            assertEquals(edited, Files.readString(rules));
            assertLogged("itest-admin (BASIC) PUT /api/v1/rules: version " + etag.replace("\"", "") + " -> version "
                + done.header("ETag").orElseThrow().replace("\"", ""));
            assertEquals(412, putText("/api/v1/rules", etag, read.body()).status());
        } finally {
            Curl now = curl("/api/v1/rules", "-u", VIEWER);
            putText("/api/v1/rules", now.header("ETag").orElseThrow(), read.body());
        }
    }

    @Test
    public void keepingAnEditOfNoConflictIs404_aMalformedVersion400_andAViewers403() throws Exception {
        awaitViewerRead("/api/v1/cluster/conflicts", "[]");
        Curl none = curl("/api/v1/cluster/conflicts/1796020000000.0@n1/keep", "-u", ADMIN, "-X", "POST");
        assertEquals(none.body(), 404, none.status());
        assertTrue(none.body(), none.body().contains("no conflict involves version 1796020000000.0@n1"));
        assertEquals(400, curl("/api/v1/cluster/conflicts/yesterday/keep", "-u", ADMIN, "-X", "POST").status());
        assertEquals(403, curl("/api/v1/cluster/conflicts/1796020000000.0@n1/keep", "-u", VIEWER, "-X", "POST").status());
    }

    /** vireo:role over HTTP: an unknown role refused as the shell refuses it; a switch answered once it is done. */
    @Test
    public void theRoleIsSwitchedAsVireoRoleSwitchesIt_andAnUnknownRoleIsRefused() throws Exception {
        awaitRoute("/api/v1/node");
        awaitRoleFeatures("vireo-director");
        Curl unknown = putJson("/api/v1/node/role", ADMIN, null, "{\"role\":\"admiral\"}");
        assertEquals(unknown.body(), 422, unknown.status());
        assertTrue(unknown.body(), unknown.body().contains("unknown role 'admiral': accepted roles are director,"
            + " backup, scanner"));
        try {
            Curl backup = putJson("/api/v1/node/role", ADMIN, null, "{\"role\":\"backup\",\"alsoScan\":false}");
            assertEquals(backup.body(), 200, backup.status());
            assertEquals("{\"from\":\"director\",\"to\":\"backup\",\"installed\":[\"vireo-backup\"],"
                + "\"uninstalled\":[\"vireo-director\"],\"message\":\"role director -> backup: installed vireo-backup;"
                + " uninstalled vireo-director\"}", backup.body());
            assertEquals(Set.of("vireo-backup"), installedRoleFeatures());
            assertLogged("itest-admin (BASIC) PUT /api/v1/node/role: director -> backup");
        } finally {
            Curl back = putJson("/api/v1/node/role", ADMIN, null, "{\"role\":\"director\"}");
            assertEquals(back.body(), 200, back.status());
        }
        awaitRoleFeatures("vireo-director");
    }

    /** An admin's (or viewer's) PUT of JSON with an optional condition header; long enough for a role switch. */
    private Curl putJson(String path, String user, String condition, String json) {
        List<String> args = new ArrayList<>(List.of("-u", user, "-X", "PUT", "--max-time", "120", "-H",
            "Content-Type: application/json", "--data-binary", json));
        if (condition != null) {
            args.addAll(List.of("-H", condition));
        }
        return curl(path, args.toArray(String[]::new));
    }

    private Curl putText(String path, String etag, String text) {
        return curl(path, "-u", ADMIN, "-X", "PUT", "-H", "Content-Type: text/plain", "-H", "If-Match: " + etag,
            "--data-binary", text);
    }

    /** A viewer's GET of {@code path} once its body has {@code text} (what the node shows a moment later). */
    private Curl awaitViewerRead(String path, String text) throws InterruptedException {
        Curl[] last = new Curl[1];
        awaitUntil(() -> {
            last[0] = curl(path, "-u", VIEWER);
            return last[0].body().contains(text);
        }, path + " shows " + text);
        return last[0];
    }

    /** A 200 whose whole body matches {@code regex}. */
    private static void assertBody(Curl c, String regex) {
        assertEquals(c.body(), 200, c.status());
        assertTrue(c.body(), c.body().matches(regex));
    }

    /** The scanner's entry in the cluster-wide table, as the drain wrote it. */
    private String tableEntry(String scanner) throws IOException {
        return Arrays.stream(String.valueOf(configurationAdmin.getConfiguration("org.vireo.balancer", null)
            .getProperties().get("scanners")).split(",")).map(String::strip).filter(e -> e.startsWith(scanner + " ")
            || e.equals(scanner)).findFirst().orElseThrow();
    }

    /**
     * Waits for {@code line} in Karaf's log file. Not log:display: it writes the logging configuration twice (it quiets
     * sshd's logger while it prints), and fileinstall, writing that back to etc/, was seen to read its own half-written
     * file and empty the configuration (every later log:display then failed: "Unrecognized configuration").
     */
    private static void assertLogged(String line) throws InterruptedException {
        Path log = Path.of(System.getProperty("karaf.data"), "log", "karaf.log");
        awaitUntil(() -> {
            try {
                return Files.readString(log, StandardCharsets.UTF_8).contains(line);
            } catch (IOException e) {
                throw new AssertionError("cannot read " + log, e);
            }
        }, "karaf.log has: " + line);
    }

    @Test
    public void theEventStreamNeedsALogin_andRefusesANumberThatIsNoEventsNumber() throws Exception {
        awaitRoute("/api/v1/events/recent");
        Curl anonymous = curl("/api/v1/events");
        assertEquals(anonymous.body(), 401, anonymous.status());
        assertTrue(anonymous.body(), anonymous.body().contains("a login is needed"));
        Curl bad = curl("/api/v1/events", "-u", VIEWER, "-H", "Last-Event-ID: yesterday");
        assertEquals(bad.body(), 400, bad.status());
        assertTrue(bad.body(), bad.body().contains("Last-Event-ID = 'yesterday': expected the sequence number"));
    }

    /**
     * A viewer's stream shows a resignation as it happens (the instance's transitions, its priority's changes and why)
     * and resumes right after the event it names; the recent events say the same in JSON.
     */
    @Test
    public void aViewerStreamsTheEventsOfAResignationAsTheyHappen_andResumesAfterTheEventItNames() throws Exception {
        awaitRoute("/api/v1/events/recent");
        awaitUntil(() -> vrrpInstance("a").map(i -> i.state() == VrrpState.MASTER).orElse(false), "a is master");
        SseEvent left;
        try (SseClient stream = SseClient.open(port(), "-u", VIEWER)) {
            assertTrue(stream.headers().toString(), stream.headers().stream()
                .anyMatch(h -> h.toLowerCase(Locale.ROOT).startsWith("content-type: text/event-stream")));
            assertTrue(stream.headers().toString(), stream.headers().stream()
                .anyMatch(h -> h.equalsIgnoreCase("cache-control: no-store")));

            Curl resign = curl("/api/v1/vrrp/a/resign", "-u", ADMIN, "-X", "POST", "-H",
                "Content-Type: application/json", "--data", "{\"holdOffSeconds\":1}");
            assertEquals(resign.body(), 200, resign.status());

            SseEvent priority = stream.await(e -> e.name().equals("vrrp.priority"), "the priority's change");
            assertTrue(priority.data(), priority.data().matches("\\{\"seq\":" + priority.id() + ",\"time\":\"20[^\"]+Z\","
                + "\"type\":\"vrrp.priority\",\"node\":\"itest-node\",\"base\":120,\"from\":120,"
                + "\"instance\":\"a\",\"interface\":\"mem-a\",\"reason\":\"resigned for 1 s\",\"to\":0,"
                + "\"vrid\":61}"));
            left = stream.await(e -> e.name().equals("vrrp.transition") && e.data().contains("\"to\":\"BACKUP\""),
                "a leaving MASTER");
            assertTrue(left.data(), left.data().matches("\\{\"seq\":" + left.id() + ",.*\"type\":\"vrrp.transition\","
                + "\"node\":\"itest-node\",\"base\":120,\"cause\":\"priority 0 \\(resigned for 1 s\\)\","
                + "\"from\":\"MASTER\",\"instance\":\"a\",\"interface\":\"mem-a\",\"master\":\"[^\"]*\","
                + "\"peer\":\"\",\"priority\":0,\"to\":\"BACKUP\",\"vrid\":61}"));
            assertTrue(Long.parseLong(left.id()) > Long.parseLong(priority.id()));
            SseEvent back = stream.await(e -> e.name().equals("vrrp.transition")
                && e.data().contains("\"to\":\"MASTER\""), "a master again after its hold-off");
            assertTrue(back.data(), back.data().contains("\"from\":\"BACKUP\""));
        }

        long n = Long.parseLong(left.id());
        try (SseClient resumed = SseClient.open(port(), "-u", VIEWER, "-H", "Last-Event-ID: " + (n - 1))) {
            assertEquals(left, resumed.await(e -> true, "the first event after " + (n - 1)));
        }
        Curl recent = curl("/api/v1/events/recent?after=" + (n - 1) + "&limit=1", "-u", VIEWER);
        assertEquals(recent.body(), 200, recent.status());
        assertTrue(recent.body(), recent.body().matches("\\{\"last\":\\d+,\"events\":\\[\\Q" + left.data()
            + "\\E]}"));
        try (SseClient fromBefore = SseClient.open(port(), "-u", VIEWER, "-H", "Last-Event-ID: 99999999")) {
            SseEvent notice = fromBefore.await(e -> true, "the notice of what the log never held");
            assertEquals("events.missed", notice.name());
            assertEquals("", notice.id());
            assertTrue(notice.data(), notice.data().contains("\"after\":99999999,\"first\":1,\"missed\":-1,"));
            assertEquals("1", fromBefore.await(e -> true, "the first event held").id());
            fromBefore.awaitComment("keep-alive"); // 15 s without an event: the connection does not look idle
        }
    }

    /**
     * GET /node/log: a warning logged on the node (here by the test, through Pax Logging as every bundle logs) is in
     * the node's recent log with its logger and thread, an INFO line is not, and a reader of errors does not see it;
     * GET /node/bundles lists the node's bundles, Vireo's marked, filtered.
     */
    @Test
    public void aWarningLoggedOnTheNodeIsInItsRecentLog_andItsBundlesAreListed() throws Exception {
        awaitRoute("/api/v1/node/log");
        String marker = "nodeviews-" + System.nanoTime();
        org.slf4j.Logger logger = org.slf4j.LoggerFactory.getLogger("org.vireo.itests.ApiIT");
        logger.info("{}: an INFO line, not kept", marker);
        logger.warn("{}: a test's warning", marker, new IllegalStateException("the test's exception"));

        List<JsonNode> warned = logLines("/api/v1/node/log?limit=1000", marker);
        assertEquals(warned.toString(), 1, warned.size());
        JsonNode line = warned.get(0);
        assertEquals("WARN", line.path("level").asText());
        assertEquals("org.vireo.itests.ApiIT", line.path("logger").asText());
        assertEquals(Thread.currentThread().getName(), line.path("thread").asText());
        assertEquals(marker + ": a test's warning", line.path("message").asText());
        assertEquals("java.lang.IllegalStateException: the test's exception", line.path("exception").asText());
        assertEquals(List.of(), logLines("/api/v1/node/log?level=error&limit=1000", marker));
        Curl bad = curl("/api/v1/node/log?level=info", "-u", VIEWER);
        assertEquals(bad.body(), 400, bad.status());
        assertEquals("{\"status\":400,\"error\":\"level = 'info': expected warn (warnings and errors) or error\"}",
            bad.body());

        Curl bundles = curl("/api/v1/node/bundles?vireo=true", "-u", VIEWER);
        assertEquals(bundles.body(), 200, bundles.status());
        JsonNode vireo = new ObjectMapper().readTree(bundles.body());
        assertTrue(bundles.body(), vireo.size() >= 5);
        vireo.forEach(b -> assertTrue(b.toString(), b.path("vireo").asBoolean()
            && b.path("symbolicName").asText().startsWith("org.vireo.")));
        assertTrue(bundles.body(), bundles.body().contains("{\"id\":" + bundle("org.vireo.vireo-api").getBundleId()
            + ",\"symbolicName\":\"org.vireo.vireo-api\",\"version\":\"0.1.0.SNAPSHOT\",\"state\":\"ACTIVE\","));
        assertEquals(400, curl("/api/v1/node/bundles?state=running", "-u", VIEWER).status());
    }

    private List<JsonNode> logLines(String path, String marker) throws IOException {
        Curl log = curl(path, "-u", VIEWER);
        assertEquals(log.body(), 200, log.status());
        List<JsonNode> lines = new ArrayList<>();
        new ObjectMapper().readTree(log.body()).path("entries").forEach(l -> {
            if (l.path("message").asText().startsWith(marker)) {
                lines.add(l);
            }
        });
        return lines;
    }

    /**
     * The route once the whiteboard serves it (it publishes no event when a resource is up): polled. Every documented
     * route of the role's features is awaited first, not this one alone: the whiteboard rebuilds the application for
     * each resource that comes or goes (as the node's bundles start, or the balancer restarts for a new table), and
     * while it does CXF answers every route with 404 or 500, one already served too.
     */
    private Curl awaitRoute(String path) throws Exception {
        awaitRoleFeatures("vireo-director");
        new WhiteboardRoutes(bundleContext).assertServe(apiDocument(), this::isInstalled);
        Curl[] last = new Curl[1];
        awaitUntil(() -> {
            last[0] = curl(path);
            return last[0].status() != 404 && last[0].status() != 0 && last[0].status() != 500;
        }, "Jetty serves " + path);
        return last[0];
    }

    /** curl on {@code path} of the node's loopback port with {@code args}. */
    private Curl curl(String path, String... args) {
        try {
            return Curl.run(port(), path, args);
        } catch (IOException e) {
            throw new AssertionError("the node's port", e);
        }
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    int port() throws IOException {
        return Integer.parseInt(String.valueOf(configurationAdmin.getConfiguration("org.ops4j.pax.web", null)
            .getProperties().get("org.osgi.service.http.port")));
    }
}
