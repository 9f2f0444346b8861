package org.vireo.srv.internal.redirect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.vireo.srv.internal.redirect.Nodes.load;
import static org.vireo.srv.internal.redirect.Nodes.node;
import static org.vireo.srv.internal.redirect.Nodes.url;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.cluster.ClusterNode;
import org.vireo.settings.RedirectOptions;

class RedirectEndpointTest {

    private final List<ClusterNode> nodes = new ArrayList<>(List.of(node("n1", true, url("n1"), load(0.9, 0)),
        node("n2", false, url("n2"), load(0.1, 0))));
    private final RedirectEndpoint endpoint = new RedirectEndpoint(RedirectOptions.parse(Map.of("enabled", "true")),
        () -> List.copyOf(nodes));

    @Test
    void aRedirectKeepsTheClientsQueryAndMarksItWithThisNode() {
        RedirectEndpoint.Answer a = endpoint.answer("GET", "/vireo/login?user=ann%20b&profile=x");
        assertThat(a.status()).isEqualTo(302);
        assertThat(a.headers()).containsEntry("Location", url("n2") + "?user=ann+b&profile=x&vireo-redirected-by=n1")
            .containsEntry("Cache-Control", "no-store");
        assertThat(endpoint.counters()).containsExactly(0, 1, 0);
    }

    @Test
    void aBurstWithinOneReportIntervalIsSpreadByCountingTheClientsAlreadySent() {
        RedirectEndpoint burst = new RedirectEndpoint(RedirectOptions.parse(Map.of("enabled", "true",
            "connectionsAtFullLoad", "10")), () -> List.copyOf(nodes));
        nodes.set(0, node("n1", true, url("n1"), load(0.20, 0)));
        nodes.set(1, node("n2", false, url("n2"), load(0.25, 0)));

        StringBuilder where = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            RedirectEndpoint.Answer a = burst.answer("GET", "/vireo/login");
            where.append(a.status() == 200 ? "1" : "2");
        }
        // each client counts 0.1 on its node until that node's next load: n1 (within the margin of n2 while at most
        // 0.1 above it) takes two, then they alternate
        assertThat(where).hasToString("11212121");

        // n1 measured again (a new report, its clients now in its connections): what was pending there is dropped
        nodes.set(0, node("n1", true, url("n1"), new org.vireo.cluster.NodeLoad(Nodes.NOW.plusSeconds(1), 0.01, 0.20,
            100, 1000, 10, 100, 0, 0)));
        assertThat(burst.assess(List.copyOf(nodes))).extracting(a -> a.node().name() + " "
            + String.format(java.util.Locale.ROOT, "%.2f", a.score())).containsExactly("n1 0.20", "n2 0.55");
    }

    @Test
    void theMarkedRequestIsServedWhereItLands() {
        nodes.set(0, node("n1", true, url("n1"), load(0.9, 0)));
        RedirectEndpoint.Answer a = endpoint.answer("GET", "/vireo/login?vireo-redirected-by=n2");
        assertThat(a.status()).isEqualTo(200);
        assertThat(a.body()).startsWith("{\"node\":\"n1\",\"service\":\"vireo-proxy\",\"score\":0.900}");
    }

    @Test
    void theQueryMayNameAnotherService() {
        nodes.set(1, Nodes.offering(nodes.get(1), Map.of("vpn", "http://10.0.0.2:9000/login")));
        nodes.set(0, Nodes.offering(nodes.get(0), Map.of("vpn", "http://10.0.0.1:9000/login")));
        RedirectEndpoint.Answer a = endpoint.answer("GET", "/vireo/login?service=vpn");
        assertThat(a.headers().get("Location")).isEqualTo("http://10.0.0.2:9000/login?service=vpn&vireo-redirected-by=n1");
        assertThat(endpoint.answer("GET", "/vireo/login?service=no%20such").status()).isEqualTo(400);
    }

    @Test
    void otherPathsMethodsAndNoServingNodeAreAnsweredClearly() {
        RedirectEndpoint.Answer notFound = endpoint.answer("GET", "/other");
        assertThat(notFound.status()).isEqualTo(404);
        assertThat(notFound.body()).contains("/vireo/login");
        RedirectEndpoint.Answer post = endpoint.answer("POST", "/vireo/login");
        assertThat(post.status()).isEqualTo(405);
        assertThat(post.headers()).containsEntry("Allow", "GET, HEAD");

        nodes.replaceAll(Nodes::stale);
        nodes.set(0, Nodes.withoutLoad(nodes.get(0)));
        RedirectEndpoint.Answer none = endpoint.answer("GET", "/vireo/login");
        assertThat(none.status()).isEqualTo(503);
        assertThat(none.headers()).containsEntry("Retry-After", "5");
        assertThat(none.body()).isEqualTo("no node offers vireo-proxy now\n");
        assertThat(endpoint.counters()).containsExactly(0, 0, 1);
    }
}
