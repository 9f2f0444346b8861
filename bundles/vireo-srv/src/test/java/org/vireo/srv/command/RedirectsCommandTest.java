package org.vireo.srv.command;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.NodeLoad;
import org.vireo.srv.internal.redirect.RedirectComponent;
import org.vireo.settings.RedirectOptions;
import org.vireo.srv.internal.redirect.RedirectPolicy;

class RedirectsCommandTest {

    private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");

    private static ClusterNode node(String name, boolean self, boolean stale, int connections) {
        return new ClusterNode(name, "scanner", "10.0.0." + name.substring(1), "0.1.0", Map.of(),
            Optional.of(new NodeLoad(NOW, 0.01, 0.2, 1, 2, 10, 100, connections, 0)), NOW, stale, self, 1,
            Map.of("vireo-proxy", "http://10.0.0." + name.substring(1) + ":8480/vireo/login"));
    }

    private static String print(RedirectComponent.Status status) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        RedirectsCommand.print(status, new PrintStream(out, true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void showsWhereItListensEachNodesEligibilityAndWhereANewClientGoes() {
        RedirectOptions options = RedirectOptions.parse(Map.of("enabled", "true", "connectionsAtFullLoad", "10"));
        List<ClusterNode> nodes = List.of(node("n1", true, false, 30), node("n2", false, false, 0),
            node("n3", false, true, 0));
        RedirectPolicy policy = new RedirectPolicy(options.margin(), options.connectionsAtFullLoad());
        String shown = print(new RedirectComponent.Status(options, Optional.of(new InetSocketAddress(8480)),
            Optional.of("http://10.0.0.1:8480/vireo/login"), Optional.empty(), policy.assess(nodes, "vireo-proxy"),
            Optional.of(policy.decide(nodes, "vireo-proxy", false)), 4, 2, 0));

        assertThat(shown).contains("Redirect balancer: listening on port 8480 (all addresses)")
            .contains("Clients are sent here at: http://10.0.0.1:8480/vireo/login")
            .contains("A new client here now: 302 to n2 (http://10.0.0.2:8480/vireo/login)")
            .contains("Answered: 4 here (200), 2 redirected (302), 0 refused (503)");
        assertThat(shown.lines().filter(l -> l.startsWith("n1 (this node)")).findFirst().orElseThrow())
            .contains("| yes").contains("3.200");
        assertThat(shown.lines().filter(l -> l.startsWith("n3")).findFirst().orElseThrow())
            .contains("no: stale: no report since " + NOW);
    }

    @Test
    void saysWhenItIsOffOrItsConfigurationWasRefused() {
        RedirectComponent.Status off = new RedirectComponent.Status(RedirectOptions.parse(Map.of()), Optional.empty(),
            Optional.empty(), Optional.empty(), List.of(), Optional.empty(), 0, 0, 0);
        assertThat(print(off)).startsWith("Redirect balancer: off (enabled = false in org.vireo.srv.redirect)");

        RedirectComponent.Status refused = new RedirectComponent.Status(null, Optional.empty(), Optional.empty(),
            Optional.of("configuration org.vireo.srv.redirect / org.vireo.srv.redirect.local refused: port = 0"),
            List.of(), Optional.empty(), 0, 0, 0);
        assertThat(print(refused)).isEqualTo("Redirect balancer: not configured: configuration org.vireo.srv.redirect"
            + " / org.vireo.srv.redirect.local refused: port = 0" + System.lineSeparator());
    }
}
