package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import javax.inject.Inject;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Before;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.service.cm.ConfigurationAdmin;

/**
 * The OpenAPI document against a running node that has every feature with routes: the all-in-one appliance (a
 * director that also scans), with a VRRP instance. The JAX-RS whiteboard serves exactly the documented routes; the
 * node serves the document its bundle holds, to a viewer; each route asks the login its x-vireo-role says; and every
 * read answers a documented status with a body of the documented shape. ApiIT checks the routes of a director
 * without the scanner (vireo-proxy's route documented, not served).
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class OpenApiIT extends VireoTestSupport {

    @Inject
    private ConfigurationAdmin configurationAdmin;

    private OpenApiDocument document;

    @Configuration
    public Option[] config() {
        List<Option> options = allInOneDistribution(freePort());
        options.addAll(apiLogins());
        options.addAll(vrrpInstanceAloneOnTheMemoryLan());
        return options.toArray(new Option[0]);
    }

    @Before
    public void readTheDocument() {
        document = apiDocument();
    }

    @Test
    public void theWhiteboardServesExactlyTheDocumentedRoutes_ofEveryFeature() throws Exception {
        awaitRoleFeatures("vireo-director", "vireo-scanner");
        for (String feature : document.features()) {
            assertTrue(feature + " is installed", featuresService.isInstalled(featuresService.getFeature(feature)));
        }
        new WhiteboardRoutes(bundleContext).assertServe(document, feature -> true);
    }

    @Test
    public void theNodeServesTheDocumentItsBundleHolds_toAViewer() throws Exception {
        awaitRoute("/api/v1/openapi.json");
        assertEquals(401, curl("/api/v1/openapi.json").status());

        Curl served = curl("/api/v1/openapi.json", "-u", VIEWER);

        assertEquals(served.body(), 200, served.status());
        assertEquals("application/json;charset=utf-8", served.header("Content-Type").orElse("")
            .toLowerCase(Locale.ROOT).replace(" ", ""));
        try (InputStream bundled = bundle("org.vireo.vireo-api").getEntry(OpenApiDocument.RESOURCE).openStream()) {
            assertEquals(new String(bundled.readAllBytes(), StandardCharsets.UTF_8), served.body());
        }
    }

    /** Writes are asked of a viewer only: refused before they run, they change nothing. */
    @Test
    public void everyRouteAsksTheLoginItsRoleSays() throws Exception {
        List<String> wrong = new ArrayList<>();
        for (OpenApiDocument.Route r : servedRoutes()) {
            String path = "/api/v1" + document.examplePath(r);
            // a write with a body of the media type it reads, so that it is refused for its login, not its media type
            // (a request is matched to its route before the login is asked: what it needs is the route's)
            String type = document.requestMediaType(r);
            String[] write = r.method().equals("GET") ? new String[0]
                : new String[] {"-H", "Content-Type: " + type, "--data", type.equals("application/json") ? "{}" : "x"};
            int anonymous = curl(path, concat(new String[] {"-X", r.method()}, write)).status();
            if (r.role().equals("none") ? anonymous == 401 : anonymous != 401) {
                wrong.add(r.key() + " without a login: " + anonymous + " (role " + r.role() + ")");
            }
            if (r.role().equals("admin")) {
                int viewer = curl(path, concat(new String[] {"-X", r.method(), "-u", VIEWER}, write)).status();
                if (viewer != 403) {
                    wrong.add(r.key() + " as a viewer: " + viewer + ", not 403");
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    public void everyReadAnswersADocumentedStatus_withABodyOfTheDocumentedShape() throws Exception {
        List<OpenApiDocument.Route> served = servedRoutes();
        awaitUntil(() -> curl("/api/v1/health").status() == 200, "the node is ready");
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (OpenApiDocument.Route r : served) {
            if (!r.method().equals("GET") || r.path().equals("/events")) {
                continue; // writes: ApiIT; the event stream does not end (ApiIT reads it)
            }
            Curl answer = curl("/api/v1" + document.examplePath(r), "-u", VIEWER);
            String status = String.valueOf(answer.status());
            if (!r.operation().path("responses").has(status)) {
                wrong.add(r.key() + ": " + status + " is not documented: " + answer.body());
                continue;
            }
            JsonNode schema = document.jsonSchema(r, status);
            if (schema != null) {
                wrong.addAll(document.mismatches(schema, new ObjectMapper().readTree(answer.body()), r.key() + " "
                    + status + " $"));
                checked++;
            }
        }
        assertEquals(List.of(), wrong);
        assertTrue("JSON bodies checked: " + checked, checked >= 15);
    }

    /**
     * GET /scanner/access-log: a request through the node's proxy is in the tail with the status curl got, found by its
     * host and status, and left out by another status; a bad filter is 400.
     */
    @Test
    public void aRequestThroughTheProxyIsInTheAccessLogTail_andAFilterLeavesItOut() throws Exception {
        awaitRoleFeatures("vireo-director", "vireo-scanner");
        awaitRoute("/api/v1/scanner/access-log");
        String path = "/nodeviews-" + System.nanoTime();
        // with a PROXY header, as the balancer sends: the node is a director, whose connections must have one
        Curl through = curl(path, "--haproxy-protocol", "-x", "http://127.0.0.1:" + configurationAdmin.getConfiguration(
            "org.vireo.scanner.proxy", null).getProperties().get("port"));
        assertNotEquals(0, through.status());

        String status = String.valueOf(through.status());
        JsonNode entry = awaitAccessEntry("/api/v1/scanner/access-log?host=127.0.0.1&status=" + status, path);
        assertEquals(entry.toString(), through.status(), entry.path("status").asInt());
        assertEquals("GET", entry.path("method").asText());
        assertEquals("127.0.0.1", entry.path("client").asText());
        String other = through.status() / 100 == 2 ? "4xx" : "2xx";
        assertTrue(accessEntries("/api/v1/scanner/access-log?limit=1000&status=" + other, path).isEmpty());
        assertTrue(accessEntries("/api/v1/scanner/access-log?limit=1000&host=example.org", path).isEmpty());
        Curl bad = curl("/api/v1/scanner/access-log?status=6xx", "-u", VIEWER);
        assertEquals(bad.body(), 400, bad.status());
        assertTrue(bad.body(), bad.body().startsWith("{\"status\":400,\"error\":\"status = '6xx': expected a status"));
    }

    private JsonNode awaitAccessEntry(String query, String path) throws Exception {
        List<JsonNode> found = new ArrayList<>();
        awaitUntil(() -> {
            found.clear();
            found.addAll(accessEntries(query, path));
            return !found.isEmpty();
        }, "the access log's tail has " + path);
        assertEquals(found.toString(), 1, found.size());
        return found.get(0);
    }

    private List<JsonNode> accessEntries(String query, String path) {
        Curl tail = curl(query, "-u", VIEWER);
        assertEquals(tail.body(), 200, tail.status());
        List<JsonNode> entries = new ArrayList<>();
        try {
            new ObjectMapper().readTree(tail.body()).path("entries").forEach(e -> {
                if (e.path("target").asText().endsWith(path)) {
                    entries.add(e);
                }
            });
        } catch (IOException e) {
            throw new AssertionError(tail.body(), e);
        }
        return entries;
    }

    /** The documented routes the node serves (whether it serves all of them is the first test's question). */
    private List<OpenApiDocument.Route> servedRoutes() throws InterruptedException {
        awaitRoleFeatures("vireo-director", "vireo-scanner");
        Map<String, String> served = new WhiteboardRoutes(bundleContext).awaitSettled();
        List<OpenApiDocument.Route> routes = document.routes().values().stream()
            .filter(r -> served.containsKey(r.key())).toList();
        assertTrue("documented routes served: " + routes, routes.size() >= 20);
        return routes;
    }

    private static String[] concat(String[] a, String[] b) {
        return java.util.stream.Stream.concat(Arrays.stream(a), Arrays.stream(b)).toArray(String[]::new);
    }

    private void awaitRoute(String path) throws Exception {
        awaitUntil(() -> {
            int status = curl(path).status();
            return status != 404 && status != 0;
        }, "Jetty serves " + path);
    }

    private Curl curl(String path, String... args) {
        try {
            int port = Integer.parseInt(String.valueOf(configurationAdmin.getConfiguration("org.ops4j.pax.web", null)
                .getProperties().get("org.osgi.service.http.port")));
            assertNotEquals(0, port);
            return Curl.run(port, path, args);
        } catch (IOException e) {
            throw new AssertionError("Pax Web's port", e);
        }
    }
}
