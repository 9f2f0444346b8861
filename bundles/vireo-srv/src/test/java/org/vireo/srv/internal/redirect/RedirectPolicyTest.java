package org.vireo.srv.internal.redirect;

import static org.assertj.core.api.Assertions.assertThat;
import static org.vireo.srv.internal.redirect.Nodes.SERVICE;
import static org.vireo.srv.internal.redirect.Nodes.load;
import static org.vireo.srv.internal.redirect.Nodes.node;
import static org.vireo.srv.internal.redirect.Nodes.url;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.vireo.cluster.ClusterNode;
import org.vireo.cluster.NodeLoad;
import org.vireo.srv.internal.redirect.RedirectPolicy.Decision;

class RedirectPolicyTest {

    private final RedirectPolicy policy = new RedirectPolicy(0.10, 1000);

    private static ClusterNode n(String name, boolean self, double cpu, int connections) {
        return node(name, self, url(name), load(cpu, connections));
    }

    @Test
    void aLoadedNodeSendsANewClientToTheLeastLoadedOne() {
        Decision d = policy.decide(List.of(n("n1", true, 0.90, 10), n("n2", false, 0.20, 10), n("n3", false, 0.50, 10)),
            SERVICE, false);
        assertThat(d).isInstanceOf(Decision.Redirect.class);
        Decision.Redirect r = (Decision.Redirect) d;
        assertThat(r.target().name()).isEqualTo("n2");
        assertThat(r.url()).isEqualTo(url("n2"));
        assertThat(r.ownScore()).isGreaterThan(r.score());
    }

    @Test
    void openConnectionsWeighLikeCpu() {
        // same CPU; n1 holds 600 connections more: 0.6 of a full CPU at 1000 connections per full load
        Decision d = policy.decide(List.of(n("n1", true, 0.30, 700), n("n2", false, 0.30, 100)), SERVICE, false);
        assertThat(d).isInstanceOfSatisfying(Decision.Redirect.class, r -> assertThat(r.target().name()).isEqualTo("n2"));
        assertThat(policy.score(load(0.30, 700))).isEqualTo(1.0, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void aNodeWithinTheMarginOfTheBestAnswersItself() {
        Decision close = policy.decide(List.of(n("n1", true, 0.29, 0), n("n2", false, 0.20, 0)), SERVICE, false);
        assertThat(close).isInstanceOfSatisfying(Decision.Serve.class, s -> assertThat(s.self().name()).isEqualTo("n1"));
        Decision beyond = policy.decide(List.of(n("n1", true, 0.31, 0), n("n2", false, 0.20, 0)), SERVICE, false);
        assertThat(beyond).isInstanceOf(Decision.Redirect.class);
    }

    @Test
    void theBestNodeAnswersItself() {
        Decision d = policy.decide(List.of(n("n1", true, 0.10, 0), n("n2", false, 0.40, 0)), SERVICE, false);
        assertThat(d).isInstanceOf(Decision.Serve.class);
    }

    @Test
    void neverToANodeThatIsStaleDoesNotOfferTheServiceOrReportsNoLoad() {
        ClusterNode stale = Nodes.stale(n("n2", false, 0.0, 0));
        ClusterNode other = Nodes.offering(n("n3", false, 0.0, 0), Map.of("another", url("n3")));
        ClusterNode noScanner = Nodes.withoutLoad(n("n4", false, 0.0, 0));
        ClusterNode busy = n("n5", false, 0.60, 0);
        List<ClusterNode> nodes = List.of(n("n1", true, 0.95, 0), stale, other, noScanner, busy);

        Decision d = policy.decide(nodes, SERVICE, false);

        assertThat(d).isInstanceOfSatisfying(Decision.Redirect.class, r -> assertThat(r.target().name()).isEqualTo("n5"));
        assertThat(policy.assess(nodes, SERVICE)).extracting(a -> a.node().name() + ": " + a.why()).containsExactly(
            "n1: eligible", "n2: stale: no report since " + Nodes.NOW, "n3: does not offer " + SERVICE,
            "n4: reports no load (its scanner does not run)", "n5: eligible");
    }

    @Test
    void aRedirectedRequestIsServedHereOrRefusedButNeverRedirectedAgain() {
        List<ClusterNode> loadedHere = List.of(n("n1", true, 0.95, 0), n("n2", false, 0.05, 0));
        assertThat(policy.decide(loadedHere, SERVICE, true)).isInstanceOf(Decision.Serve.class);

        List<ClusterNode> notServingHere = List.of(Nodes.withoutLoad(n("n1", true, 0, 0)), n("n2", false, 0.05, 0));
        assertThat(policy.decide(notServingHere, SERVICE, false)).isInstanceOf(Decision.Redirect.class);
        assertThat(policy.decide(notServingHere, SERVICE, true)).isInstanceOfSatisfying(Decision.Unavailable.class,
            u -> assertThat(u.reason()).contains("not redirected twice").contains("reports no load"));
    }

    @Test
    void withNoEligibleNodeTheRequestIsRefused() {
        List<ClusterNode> nodes = List.of(Nodes.withoutLoad(n("n1", true, 0, 0)), Nodes.stale(n("n2", false, 0, 0)));
        assertThat(policy.decide(nodes, SERVICE, false)).isInstanceOfSatisfying(Decision.Unavailable.class,
            u -> assertThat(u.reason()).isEqualTo("no node offers vireo-proxy now"));
    }

    @Test
    void equalScoresGoToTheFirstNameSoEveryNodeChoosesAlike() {
        List<ClusterNode> nodes = List.of(Nodes.withoutLoad(n("n1", true, 0, 0)), n("n3", false, 0.2, 0),
            n("n2", false, 0.2, 0));
        assertThat(policy.decide(nodes, SERVICE, false)).isInstanceOfSatisfying(Decision.Redirect.class,
            r -> assertThat(r.target().name()).isEqualTo("n2"));
    }

    @Test
    void theScoreTakesTheMachinesCpuElseTheProcessesAndMemoryWhenHigher() {
        NodeLoad systemKnown = new NodeLoad(Nodes.NOW, 0.9, 0.3, 0, 0, 10, 100, 0, 0);
        NodeLoad systemUnknown = new NodeLoad(Nodes.NOW, 0.4, -1, 0, 0, 10, 100, 0, 0);
        NodeLoad memoryBound = new NodeLoad(Nodes.NOW, 0.1, 0.2, 0, 0, 80, 100, 0, 0);
        assertThat(policy.score(systemKnown)).isEqualTo(0.3);
        assertThat(policy.score(systemUnknown)).isEqualTo(0.4);
        assertThat(policy.score(memoryBound)).isEqualTo(0.8);
    }
}
