package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;

import org.junit.Test;
import org.junit.runner.RunWith;
import org.ops4j.pax.exam.Configuration;
import org.ops4j.pax.exam.Option;
import org.ops4j.pax.exam.junit.PaxExam;
import org.ops4j.pax.exam.spi.reactors.ExamReactorStrategy;
import org.ops4j.pax.exam.spi.reactors.PerClass;
import org.osgi.service.cm.ConfigurationAdmin;

import javax.inject.Inject;

/**
 * The management API on the built distribution: feature vireo-api comes with the role, Karaf's Jetty serves the
 * JAX-RS whiteboard's routes under /api/v1 with Jackson's JSON, on loopback only.
 */
@RunWith(PaxExam.class)
@ExamReactorStrategy(PerClass.class)
public class ApiIT extends VireoTestSupport {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    @Inject
    private ConfigurationAdmin configurationAdmin;

    @Configuration
    public Option[] config() {
        return vireoDistribution("scanner");
    }

    @Test
    public void theHealthRouteSaysTheNodeIsReadyInJson() throws Exception {
        awaitRoleFeatures("vireo-scanner");
        assertTrue(featuresService.isInstalled(featuresService.getFeature("vireo-api")));

        HttpResponse<String> health = awaitRoute("/api/v1/health");

        assertEquals(health.body(), 200, health.statusCode());
        assertEquals("application/json", health.headers().firstValue("Content-Type").orElse("")
            .toLowerCase(Locale.ROOT).replaceAll(";.*", ""));
        assertEquals("{\"ready\":true,\"waitingFor\":[]}", health.body());
        assertEquals(404, get("/api/v1/nosuch").statusCode());
        assertNoFailedBundles();
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

    /** The route once the whiteboard serves it (it publishes no event when a resource is up): polled. */
    private HttpResponse<String> awaitRoute(String path) throws Exception {
        HttpResponse<String>[] last = new HttpResponse[1];
        awaitUntil(() -> {
            try {
                last[0] = get(path);
                return last[0].statusCode() != 404;
            } catch (IOException e) {
                return false; // Jetty not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }, "Jetty serves " + path);
        return last[0];
    }

    private HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return HTTP.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port() + path))
            .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    private int port() throws IOException {
        return Integer.parseInt(String.valueOf(configurationAdmin.getConfiguration("org.ops4j.pax.web", null)
            .getProperties().get("org.osgi.service.http.port")));
    }
}
