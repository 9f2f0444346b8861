package org.vireo.itests;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.Test;

/**
 * Two whole nodes, each with a VRRP instance of its own on the in-memory transport (each alone, so master), scraped
 * by a real Prometheus (Debian's) at /metrics with each node's admin login; promtool checks what they serve.
 */
public class MetricsIT {

    private static final Path DIR = Path.of("target", "metrics-it").toAbsolutePath();
    private static final List<UnpackedNode> NODES = new ArrayList<>();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static Process prometheus;
    private static String prometheusPort;

    @BeforeClass
    public static void startTwoNodesAndPrometheus() throws Exception {
        for (String name : List.of("m1", "m2")) {
            UnpackedNode node = UnpackedNode.unpack(DIR);
            NODES.add(node);
            node.writeConfig("org.vireo.vrrp.transport.memory.cfg", "enabled = true\n");
            node.writeConfig("org.vireo.vrrp.instance-" + name + ".cfg", "name = " + name + "\ninterfaceName = mem-"
                + name + "\ntransport.target = (vrrp.transport=memory)\nvrid = 62\npriority = 110\n"
                + "advertIntervalMillis = 100\nvirtualAddresses = 10.78.0.1\n");
            node.start(name, "director");
        }
        prometheusPort = ReservedPorts.next();
        Path config = DIR.resolve("prometheus.yml");
        StringBuilder yml = new StringBuilder("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n");
        for (UnpackedNode node : NODES) {
            // metrics_path left at Prometheus's default, /metrics, which redirects to /api/v1/metrics
            yml.append("  - job_name: vireo-").append(node.httpPort).append("\n    basic_auth:\n")
                .append("      username: admin\n      password_file: ").append(node.adminPasswordFile()).append('\n')
                .append("    static_configs:\n      - targets: ['127.0.0.1:").append(node.httpPort).append("']\n");
        }
        Files.writeString(config, yml);
        prometheus = new ProcessBuilder("prometheus", "--config.file=" + config,
            "--storage.tsdb.path=" + Files.createTempDirectory(DIR, "tsdb-"),
            "--web.listen-address=127.0.0.1:" + prometheusPort).redirectErrorStream(true)
            .redirectOutput(DIR.resolve("prometheus.log").toFile()).start();
    }

    @AfterClass
    public static void stopAll() throws Exception {
        if (prometheus != null) {
            prometheus.destroy();
            if (!prometheus.waitFor(30, TimeUnit.SECONDS)) {
                prometheus.destroyForcibly();
            }
        }
        for (UnpackedNode node : NODES) {
            node.close();
        }
    }

    @Test
    public void prometheusScrapesBothNodesAndAQueryAnswersWithTheVrrpStateOfEach() throws Exception {
        String query = "http://127.0.0.1:" + prometheusPort + "/api/v1/query?query="
            + URLEncoder.encode("vireo_vrrp_state", StandardCharsets.UTF_8);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        String body = "";
        while (System.nanoTime() < deadline) {
            assertTrue("prometheus exited: see " + DIR.resolve("prometheus.log"), prometheus.isAlive());
            body = getOrEmpty(query);
            if (count(body, "\"__name__\":\"vireo_vrrp_state\"") == 2) {
                break;
            }
            Thread.sleep(200); // Prometheus says nothing of a scrape done: its query API is polled
        }
        assertEquals(body, 2, count(body, "\"__name__\":\"vireo_vrrp_state\""));
        // Prometheus names the scraped instance label exported_instance beside its own (the target's)
        assertTrue(body, body.contains("\"exported_instance\":\"m1\"") && body.contains("\"exported_instance\":\"m2\""));
        // 2: master, each alone on its in-memory LAN
        assertEquals(body, 2, count(body, "\"2\"]"));
    }

    @Test
    public void eachNodesMetricsPassPromtoolAndNeedALogin() throws Exception {
        for (UnpackedNode node : NODES) {
            String url = "http://127.0.0.1:" + node.httpPort + "/metrics";
            HttpResponse<String> anonymous = HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofString());
            assertEquals(308, anonymous.statusCode());
            String api = "http://127.0.0.1:" + node.httpPort + "/api/v1/metrics";
            assertEquals(401, HTTP.send(HttpRequest.newBuilder(URI.create(api)).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode());
            String password = Files.readString(node.adminPasswordFile()).trim();
            HttpResponse<String> scrape = HTTP.send(HttpRequest.newBuilder(URI.create(api)).header("Authorization",
                "Basic " + Base64.getEncoder().encodeToString(("admin:" + password).getBytes(StandardCharsets.UTF_8)))
                .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(scrape.body(), 200, scrape.statusCode());
            assertTrue(scrape.headers().firstValue("Content-Type").orElse(""),
                scrape.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"));
            String text = scrape.body();
            for (String family : List.of("vireo_vrrp_state", "vireo_vrrp_priority", "vireo_vrrp_transitions_total",
                "vireo_balancer_connections", "vireo_cluster_members", "vireo_health_monitor_up",
                "jvm_memory_used_bytes")) {
                assertTrue(family + " missing", text.contains("\n" + family));
            }
            // a director without the scanner's features: no proxy, no proxy series (and no failed collector)
            assertFalse(text, text.contains("vireo_scanner_"));
            Process promtool = new ProcessBuilder("promtool", "check", "metrics").redirectErrorStream(true).start();
            promtool.getOutputStream().write(text.getBytes(StandardCharsets.UTF_8));
            promtool.getOutputStream().close();
            String verdict = new String(promtool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue("promtool timed out", promtool.waitFor(60, TimeUnit.SECONDS));
            assertEquals(verdict, 0, promtool.exitValue());
        }
    }

    private static String getOrEmpty(String url) throws InterruptedException {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString())
                .body();
        } catch (IOException notYet) {
            return ""; // Prometheus not listening yet
        }
    }

    private static int count(String text, String what) {
        Matcher m = Pattern.compile(Pattern.quote(what)).matcher(text);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }
}
