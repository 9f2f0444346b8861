package org.vireo.cluster.internal.rest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import javax.ws.rs.core.MediaType;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.vireo.api.ApiError;
import org.vireo.cluster.internal.docs.Configurations;
import org.vireo.cluster.internal.docs.LocalVersions;
import org.vireo.cluster.internal.docs.Validators;
import org.vireo.cluster.internal.node.DocumentService;
import org.vireo.cluster.internal.node.EngineSync;
import org.vireo.cluster.internal.sync.TestCluster;
import org.vireo.config.ConfigurationText;

/**
 * The config and conflict routes' logic on a real sync engine and in-memory configurations: the version as ETag,
 * 428 without a condition, 412 with the current version and document, 422 with the validator's message and nothing
 * changed, 409 for what nothing here checks, secrets never shown, the audit line of each write.
 */
class DocumentRoutesTest {

    private static final String BALANCER = "pid:org.vireo.balancer";
    private static final String JSON = MediaType.APPLICATION_JSON;

    @TempDir
    Path dir;

    private final Map<String, byte[]> configs = new TreeMap<>();
    private final List<String> audit = new ArrayList<>();
    private final Validators validators = new Validators();
    private TestCluster cluster;
    private TestCluster.Member node;
    private DocumentRoutes routes;

    /** This node's configurations in memory. */
    private final Configurations memory = new Configurations() {
        @Override
        public Set<String> all() {
            return configs.keySet();
        }

        @Override
        public Optional<byte[]> read(String pid) {
            return Optional.ofNullable(configs.get(pid));
        }

        @Override
        public void write(String pid, byte[] content) {
            configs.put(pid, content);
        }
    };

    @BeforeEach
    void aNodeWithTheBalancersTableAndTwoLocalPids() throws IOException {
        cluster = new TestCluster(dir, BALANCER);
        node = cluster.member("n1").start();
        node.edit("scanners = 10.0.0.21:3128\n");
        configs.put("org.vireo.api.web", text("httpsPort = 8443\nkeystorePassword = s3cret\n"));
        configs.put("org.vireo.vrrp.instance~a", text("name = a\n"));
        configs.put("org.apache.karaf.shell", text("sshPort = 8101\n"));
        // the parse of the bundles that run them: a port is a number
        validators.add((id, content) -> ConfigurationText.problem(id, content, p -> {
            Object port = p.getOrDefault("httpsPort", "0");
            if (!String.valueOf(port).matches("\\d+")) {
                throw new IllegalArgumentException("configuration org.vireo.api.web refused: httpsPort = '" + port
                    + "': expected 0-65535");
            }
        }), List.of(BALANCER, "pid:org.vireo.api.web", "pid:org.vireo.events"));
        routes = new DocumentRoutes(new DocumentService(new EngineSync(node, validators), memory,
            new LocalVersions(new byte[32])));
    }

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private Answer get(String id) {
        return routes.read(id, ConfigView::of, JSON);
    }

    private Answer put(String id, Map<String, Object> body, String ifMatch, String ifNoneMatch) {
        return routes.write(id, "/api/v1/config/" + ConfigResource.pid(id),
            ifMatch == null ? null : List.of(ifMatch), ifNoneMatch == null ? null : List.of(ifNoneMatch),
            now -> ConfigJson.content(body, now.map(d -> d.content())), ConfigView::of,
            (what, before, after) -> audit.add(what + ": " + before + " -> " + after));
    }

    private static String quoted(Answer a) {
        return EntityTags.quote(a.etag().orElseThrow());
    }

    private static Map<String, Object> props(Object... keysAndValues) {
        Map<String, Object> out = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            out.put((String) keysAndValues[i], keysAndValues[i + 1]);
        }
        return out;
    }

    @Test
    void aReplicatedPidReadsWithItsSyncVersionAsETag() {
        Answer read = get(BALANCER);

        assertThat(read.status()).isEqualTo(200);
        assertThat(read.etag()).contains(node.record().current().version().toString());
        assertThat(read.body()).isEqualTo(new ConfigView("org.vireo.balancer", true,
            node.record().current().version().toString(), true, null, Map.of("scanners", "10.0.0.21:3128")));
    }

    @Test
    void aWriteWithoutACondition_is428_andChangesNothing() {
        Answer refused = put(BALANCER, props("scanners", "10.0.0.22:3128"), null, null);

        assertThat(refused.status()).isEqualTo(428);
        assertThat(((ApiError) refused.body()).error()).startsWith("PUT /api/v1/config/org.vireo.balancer needs"
            + " If-Match: \"<version>\"");
        assertThat(node.document()).isEqualTo("scanners = 10.0.0.21:3128\n");
        assertThat(audit).isEmpty();
    }

    @Test
    void aWriteBasedOnTheCurrentVersion_is200WithTheNewVersion_andIsAudited() {
        Answer read = get(BALANCER);

        Answer written = put(BALANCER, props("scanners", List.of("10.0.0.22:3128", "10.0.0.23:3128"), "boundFactor",
            1.5, "slowStartSeconds", 0), quoted(read), null);

        assertThat(written.status()).isEqualTo(200);
        assertThat(written.etag()).contains(node.record().current().version().toString()).isNotEqualTo(read.etag());
        assertThat(node.document()).isEqualTo("boundFactor = 1.5\nscanners[] = 10.0.0.22:3128, 10.0.0.23:3128\n"
            + "slowStartSeconds = 0\n");
        assertThat(audit).containsExactly("PUT /api/v1/config/org.vireo.balancer: version " + read.etag().get()
            + " -> version " + written.etag().get());
    }

    @Test
    void aVersionReadBeforeAnotherChange_is412WithTheCurrentVersionAndDocument_andChangesNothing() throws IOException {
        Answer read = get(BALANCER);
        node.edit("scanners = 10.0.0.29:3128\n"); // behind the API's back: an edited .cfg

        Answer stale = put(BALANCER, props("scanners", "10.0.0.22:3128"), quoted(read), null);

        assertThat(stale.status()).isEqualTo(412);
        String current = node.record().current().version().toString();
        assertThat(stale.etag()).contains(current);
        DocumentRoutes.Stale body = (DocumentRoutes.Stale) stale.body();
        assertThat(body.version()).isEqualTo(current);
        assertThat(((ConfigView) body.current()).properties()).containsEntry("scanners", "10.0.0.29:3128");
        assertThat(body.error()).contains("is at version " + current + ", not version " + read.etag().get());
        assertThat(node.document()).isEqualTo("scanners = 10.0.0.29:3128\n");
        assertThat(audit).isEmpty();
    }

    @Test
    void aRefusedValue_is422WithTheParsersMessage_andNothingChanges() {
        Answer api = get("pid:org.vireo.api.web");

        Answer refused = put("pid:org.vireo.api.web", props("httpsPort", "eighty"), quoted(api), null);
        Answer replicated = put(BALANCER, props("BAD", "table"), quoted(get(BALANCER)), null);

        assertThat(refused.status()).isEqualTo(422);
        assertThat(((DocumentRoutes.Refusal) refused.body()).problems()).containsExactly(
            "configuration org.vireo.api.web refused: httpsPort = 'eighty': expected 0-65535");
        assertThat(new String(configs.get("org.vireo.api.web"), StandardCharsets.UTF_8)).contains("httpsPort = 8443");
        assertThat(replicated.status()).isEqualTo(422);
        assertThat(((DocumentRoutes.Refusal) replicated.body()).error()).isEqualTo("refused by the test's validator");
        assertThat(node.document()).isEqualTo("scanners = 10.0.0.21:3128\n");
        assertThat(audit).isEmpty();
    }

    @Test
    void aNodeLocalPidHasAVersionOfItsContent_andItsSecretIsNeverShownNorLostByAWrite() {
        Answer read = get("pid:org.vireo.api.web");
        ConfigView view = (ConfigView) read.body();
        assertThat(view.replicated()).isFalse();
        assertThat(read.etag()).hasValueSatisfying(v -> assertThat(v).matches("local:[0-9a-f]{64}"));
        assertThat(view.properties()).containsEntry("keystorePassword", ConfigJson.HIDDEN);

        Answer written = put("pid:org.vireo.api.web", props("httpsPort", 9443, "keystorePassword", ConfigJson.HIDDEN),
            quoted(read), null);

        assertThat(written.status()).isEqualTo(200);
        assertThat(written.etag()).isNotEqualTo(read.etag());
        assertThat(new String(configs.get("org.vireo.api.web"), StandardCharsets.UTF_8)).isEqualTo(
            "httpsPort = 9443\nkeystorePassword = s3cret\n");
        Answer stale = put("pid:org.vireo.api.web", props("httpsPort", 1), quoted(read), null);
        assertThat(stale.status()).isEqualTo(412);
        assertThat(stale.etag()).isEqualTo(written.etag());
    }

    @Test
    void ifNoneMatchStarMakesAPidThatDoesNotExist_andOnlyThen() {
        Answer made = put("pid:org.vireo.events", props("history", 500), null, "*");
        Answer again = put("pid:org.vireo.events", props("history", 600), null, "*");

        assertThat(made.status()).isEqualTo(200);
        assertThat(new String(configs.get("org.vireo.events"), StandardCharsets.UTF_8)).isEqualTo("history = 500\n");
        assertThat(again.status()).isEqualTo(412);
        assertThat(audit).containsExactly("PUT /api/v1/config/org.vireo.events: none -> version " + made.etag().get());
    }

    @Test
    void aPidNoValidatorHereChecks_is409_andKarafsOwnPidsAreNotServed() {
        Answer vrrp = get("pid:org.vireo.vrrp.instance~a");
        Answer refused = put("pid:org.vireo.vrrp.instance~a", props("name", "a"), quoted(vrrp), null);

        assertThat(((ConfigView) vrrp.body()).writable()).isFalse();
        assertThat(refused.status()).isEqualTo(409);
        assertThat(((ApiError) refused.body()).error()).startsWith("no validator of pid:org.vireo.vrrp.instance~a on"
            + " this node");
        assertThat(get("pid:org.apache.karaf.shell").status()).isEqualTo(404);
    }

    @Test
    void keepingAnEditOfAConflictResolvesIt_andAMalformedOrUnknownVersionIsRefused() throws IOException {
        TestCluster.Member other = cluster.member("n2").start();
        cluster.deliver();
        node.change("scanners = 10.0.0.31:3128\n");
        other.change("scanners = 10.0.0.32:3128\n");
        cluster.deliver();
        String lost = node.record().losers().get(0).version().toString();

        assertThat(routes.keep("yesterday", (w, b, a) -> { }).status()).isEqualTo(400);
        assertThat(routes.keep("1.0@nobody", (w, b, a) -> { }).status()).isEqualTo(404);
        Answer kept = routes.keep(lost, (what, before, after) -> audit.add(what + ": " + before + " -> " + after));
        cluster.deliver();

        assertThat(kept.status()).isEqualTo(200);
        assertThat(node.document()).isEqualTo(other.document()).isEqualTo("scanners = 10.0.0.31:3128\n");
        assertThat(other.record().losers()).isEmpty();
        assertThat(audit).singleElement().asString().startsWith("POST /api/v1/cluster/conflicts/" + lost + "/keep: "
            + BALANCER + " version ").endsWith("(kept the lost edit " + lost + ")");
    }
}
